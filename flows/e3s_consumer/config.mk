# Flow for e3s_consumer (see benchmarks/apps/SOURCES.md).
APP := benchmarks/apps/e3s_consumer.csv
