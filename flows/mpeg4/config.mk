# Flow for mpeg4 (see benchmarks/apps/SOURCES.md).
APP := benchmarks/apps/mpeg4.csv
