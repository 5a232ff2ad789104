/* nocsyn pkg: the design of a butterfly network from its specification and
 * packaging constraints, end to end -- the worked example of Dally &
 * Towles, "Principles and Practices of Interconnection Networks", 2004,
 * ch. 2 ("A Simple Interconnection Network"): a 64-port network built of
 * router chips with a pin budget, packaged on boards joined by cables.
 *
 * Steps (each a closed form of the specification; `nocsyn design` prints
 * them all):
 *  1. Port bandwidth = peak bytes/s x 8; channel = data signals + control
 *     signals wide (w), carrying data x signalling rate; speedup = channel
 *     data bandwidth / port peak bandwidth (16 x 1 Gbit/s over 2 Gbit/s = 8).
 *  2. Radix from the pin budget: a router of radix k has k input and k
 *     output channels, 2 k w signals <= chip signals: k = floor(chip /
 *     (2 w)) (150 / 18 = 8 channels, radix 4).  Stages n = the least n
 *     with k^n >= ports (4^3 = 64); k^(n-1) routers per stage, n k^(n-1)
 *     router chips (48).
 *  3. Boards: routers of one stage, b per board, b the largest divisor of
 *     k^(n-1) with b x 2 k w <= board signals (4 x 144 = 576 <= 750);
 *     every channel of a board's routers leaves the board (routers of one
 *     stage are not connected).  Boards = n k^(n-1) / b.  Between stages
 *     s and s+1 the channel from output j of router r goes to the router
 *     whose index is r with base-k digit n-2-s replaced by j (destination-
 *     tag wiring, the digit resolved by stage s); channels between a pair
 *     of boards share cables of floor(cable signals / w) channels each
 *     (80 / 18 = 4), so cables = sum over board pairs of
 *     ceil(channels / 4).
 *  4. Routing header: the destination's n base-k digits, log2 k bits each
 *     (6 bits); each router reads the top digit as its output port and
 *     shifts the header left by log2 k bits for the next router.
 *  5. Phits: a phit is the channel's data signals (16 bits); a packet is
 *     ceil(header bits / data) header phits plus ceil(packet bits / data)
 *     payload phits (1 + 32 = 33), its serialization time phits / signal
 *     rate.
 *  6. Dropping flow control (latency.h): the channel load is average
 *     bandwidth / channel bandwidth (0.5 / 16 = 1/32), the drop probability
 *     P_D = 1 - p_n / p_0 of the k-ary n-fly, and the number of
 *     transmissions geometric with its 99th percentile.
 */
#ifndef NOCSYN_PKG_H
#define NOCSYN_PKG_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The specification (inputs).  noc_pkg_spec_default sets the example's. */
struct noc_pkg_spec {
    int ports;             /* terminals (inputs = outputs) */
    double peak_gbytes;    /* peak bandwidth per port, Gbyte/s */
    double avg_gbytes;     /* average bandwidth per port, Gbyte/s */
    int packet_bytes;      /* payload per packet */
    double signal_gbps;    /* signalling rate per signal, Gbit/s */
    int chip_signals;      /* signals per router chip */
    int board_signals;     /* signals through a board's connectors */
    int cable_signals;     /* signals per cable */
    int data_signals;      /* data signals per channel (the phit width) */
    int control_signals;   /* control signals per channel */
    int header_bits;       /* 0: the destination address only (n log2 k) */
};
void noc_pkg_spec_default(struct noc_pkg_spec *s);

/* The design (outputs), a plain value. */
struct noc_pkg_design {
    double port_gbps, channel_gbps, speedup;
    int width;                 /* w = data + control signals */
    int channels_per_chip;     /* floor(chip / w) */
    int k, n;                  /* radix, stages */
    int routers_per_stage, routers;
    int routers_per_board, boards, board_signals_used;
    int channels_per_cable, interboard_channels, cables;
    int digit_bits;            /* log2 k (0 when k is not a power of two) */
    int address_bits;          /* n log2 k */
    int header_bits, header_phits, payload_phits, phits;
    double serialization_ns;
    double channel_load;       /* avg / channel bandwidth */
    double p_drop;             /* 1 - p_n / p_0 */
    double mean_transmissions;
    long p99_transmissions;
};

/* Designs the butterfly for s.  NOC_EINVAL for a value out of range (named
 * in the message); NOC_EINFEASIBLE when the pin budget allows no radix
 * >= 2, a board cannot hold one router, a cable no channel, or the radix
 * is not a power of two (the header needs whole bits per digit).
 * O(n k^n). */
int noc_pkg_butterfly(const struct noc_pkg_spec *s, struct noc_pkg_design *d, struct noc_ctx *ctx);

/* The header of destination dest before stage s (0 <= s <= n): the
 * address shifted left by s digits (its low s log2 k bits zero), and the
 * port stage s reads (-1 for s = n).  O(n). */
unsigned long noc_pkg_header(const struct noc_pkg_design *d, int dest, int s, int *port);

#ifdef __cplusplus
}
#endif

#endif
