# Flow for vopd16 (see benchmarks/apps/SOURCES.md).
APP := benchmarks/apps/vopd16.csv
