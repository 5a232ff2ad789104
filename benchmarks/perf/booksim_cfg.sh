# Sourced by benchmarks/perf/booksim_bench.sh and tests/check/test_booksim.sh:
# the one writer of a BookSim2 configuration with nocsyn sim's model (sim.h:
# 3-cycle routers -- VC allocation, switch allocation, switch traversal --,
# 1-cycle channels, credit delay 2, separable input-first VC and switch
# allocators, an output VC reallocated before its tail credit returns).
# use_noc_latency = 0: every channel 1 cycle, as nocsyn's unit links
# (BookSim's default gives a torus 2-cycle channels).
#
# booksim_cfg TOPOLOGY-AND-TRAFFIC-LINES RATE PKT VCS BUF SAMPLE THRES [TYPE]:
# prints the configuration; the first argument is printed with printf %b (so
# "\n" separates its lines), then one warm-up sample period and one measured
# one of SAMPLE cycles (max_samples counts the warm-up period:
# trafficmanager.cpp, _SingleSim), latency_thres THRES (-1.0: never abort),
# sim_type TYPE (default latency: after the measured period BookSim2 drains
# until every packet created in it is delivered, which past saturation
# waits for the slowest source's backlog; throughput: it drains only the
# flits already in the network, and the accepted rate, counted in the
# measured period only, is the same: tests/check/test_booksim.sh).
booksim_cfg() {
    printf '%b\n' "$1"
    cat <<CFG
use_noc_latency = 0;
num_vcs = $4;
vc_buf_size = $5;
routing_delay = 0;
vc_alloc_delay = 1;
sw_alloc_delay = 1;
st_final_delay = 1;
credit_delay = 2;
wait_for_tail_credit = 0;
vc_allocator = separable_input_first;
sw_allocator = separable_input_first;
packet_size = $3;
injection_rate_uses_flits = 1;
injection_rate = $2;
sim_type = ${8:-latency};
sample_period = $6;
warmup_periods = 1;
max_samples = 2;
latency_thres = $7;
CFG
}
