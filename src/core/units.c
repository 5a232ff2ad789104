/* The clock and link formulas (units.h). */
#include "nocsyn/units.h"

double noc_link_mbps(double width_bits, double freq_mhz) { return width_bits * freq_mhz / 8; }

double noc_cycles_ns(double cycles, double freq_mhz) { return cycles * 1000.0 / freq_mhz; }

double noc_ns_cycles(double ns, double freq_mhz) { return ns * freq_mhz / 1000.0; }

double noc_period_ps(double freq_mhz) { return 1e6 / freq_mhz; }
