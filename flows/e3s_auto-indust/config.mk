# Flow for e3s_auto-indust (see benchmarks/apps/SOURCES.md).
APP := benchmarks/apps/e3s_auto-indust.csv
