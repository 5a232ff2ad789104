# Flow for e3s_office-automation (see benchmarks/apps/SOURCES.md).
APP := benchmarks/apps/e3s_office-automation.csv
