# Default flow: the Video Object Plane Decoder (12 cores, 15 flows).
APP := benchmarks/apps/vopd.csv
