# Flow for mwd (see benchmarks/apps/SOURCES.md).
APP := benchmarks/apps/mwd.csv
