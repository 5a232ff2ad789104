# Flow for pip (see benchmarks/apps/SOURCES.md).
APP := benchmarks/apps/pip.csv
