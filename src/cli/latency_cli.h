/* Internal to the CLI: the options of `nocsyn latency` shared by its
 * model files (cmd_latency.c, cmd_latency_more.c). */
#ifndef NOCSYN_LATENCY_CLI_H
#define NOCSYN_LATENCY_CLI_H

#include "nocsyn/core.h"

enum {
    O_BITS = 1, O_HOPS, O_BW, O_HEADER, O_FLIT, O_ROUTER, O_FREQ, O_K, O_N, O_OFFERED,
    O_RESEND, O_TABLE, O_LINK, O_SENDER, O_RECEIVER, O_FLIGHT, O_DISTANCE, O_VELOCITY,
    O_SWITCH, O_PDROP, O_T0, O_FORMAT
};

struct lat_opts {
    const char *model;
    const char *val[O_FORMAT + 1];
    int json;
};

/* *out = the number given for option id (named `name` in messages), or
 * dflt when absent; returns 0, or the exit status 2 after a usage message. */
int lat_num(const struct lat_opts *o, int id, const char *name, double dflt, double *out);

/* 0 when every option given is one of allowed[] (terminated by 0) or
 * --format; else a usage message naming the first stray option, 2. */
int lat_only(const struct lat_opts *o, const int *allowed);

/* The models of cmd_latency_more.c: append their output to b, return the
 * exit status. */
int lat_run_message(const struct lat_opts *o, struct noc_buf *b);
int lat_run_head(const struct lat_opts *o, struct noc_buf *b);
int lat_run_retry(const struct lat_opts *o, struct noc_buf *b);

#endif
