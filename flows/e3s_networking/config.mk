# Flow for e3s_networking (see benchmarks/apps/SOURCES.md).
APP := benchmarks/apps/e3s_networking.csv
