# Flow for vopd (see benchmarks/apps/SOURCES.md).
APP := benchmarks/apps/vopd.csv
