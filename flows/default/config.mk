# Default flow (`make run`): the Video Object Plane Decoder, 12 cores, 15 flows.
APP := benchmarks/apps/vopd.csv
METHODS := split,merge,cmesh,hring
MAX_RADIX := 8
LINK_WIDTH := 32,64
FREQ := 400:1200:200
SEED := 1
SIMULATE := 1
