/* Internal to src/sim: the shared network description (net.c, paths.c),
 * the state of one simulation run (run.c, router.c, source.c) and helpers.
 *
 * Identifiers: channels are topology channel ids (CSR ids); an input port
 * is the channel entering a router, an output port the channel leaving it.
 * VC v of channel c is c * V + v, both for the input buffer at its
 * downstream router and for the output VC state (credits, owner) kept by
 * its upstream router or terminal.  Times are cycles in int (the cycle
 * limits keep every run below 2^31). */
#ifndef NOCSYN_SIM_INT_H
#define NOCSYN_SIM_INT_H

#include "nocsyn/route.h"
#include "nocsyn/sim.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

enum { CH_RR = 0, CH_INJ = 1, CH_EJ = 2 };

/* Shared by every run of one struct noc_sim (read-only after init). */
struct sim_net {
    const struct noc_topo *t;
    const struct noc_traffic *tr;
    int R, N, nch, V, B, D, cd;
    int bsloop; /* 1: BookSim2's credit loop (noc_sim_opts.booksim_loop) */
    int bsalloc; /* 1: BookSim2's switch allocator input stage (noc_sim_opts.booksim_alloc) */
    int flow, drop;
    int deflect;       /* bufferless deflection routing (deflect.c) */
    int nocredit;      /* drop or deflect: sources send without VCs or credits */
    int *lat;          /* per channel latency (cycles, >= 1) */
    int *gap;          /* per channel cycles between two flits entering it
                        * (noc_topo_channel_gap: a D2D module narrower than
                        * the link), NULL when every channel takes one a cycle */
    unsigned char *kind; /* per channel CH_* */
    int *term_inj;     /* terminal -> its injection channel */
    int *ch_term;      /* channel -> terminal it leaves (inj) / enters (ej), else -1 */
    int *in_pos;       /* channel -> index among its router's input ports, -1 for ej */
    int *ch_dst;       /* channel -> its destination node */
    int max_in, max_out;
    int maxlat;
    int maxgap;        /* the largest gap (1 without narrow channels) */
    /* Traffic sampling. */
    double *row;       /* per terminal: row sum */
    double wtot;       /* sum of the rows */
    double *ecum;      /* per sparse entry: cumulative weight within its row */
    double mean_len;
    /* Routing. */
    struct noc_routing rt;
    int have_rt;
    int ncls;          /* 1, or 2 with dateline classes */
    int *coord;        /* dateline: router coordinates (R * ndim) */
    int ndim, dims[NOC_MAXDIM];
    /* Path table (deterministic models): pair -> paths.  Pair index
     * s * N + d when `dense`, else the sparse entry index. */
    int have_table, dense;
    int *pair_first;   /* first path of the pair, -1 when none */
    int *pair_n;
    int npaths;
    int *pstart;       /* npaths + 1 */
    double *pcum;      /* cumulative weight within the pair */
    int *pch;
    unsigned char *pcls;
    int maxpath;       /* longest path in channels */
    /* Per-hop adaptive routing (adaptive.c): 0 off, SIM_AD_TURN (the
     * routing's allowed next hops), SIM_AD_DUATO (adaptive VCs 1..V-1 plus
     * the dor escape VC 0). */
    int adaptive;
    int *term_rin, *term_rout; /* terminal -> injection / ejection router */
    int *term_ej;      /* terminal -> its ejection channel */
    int *dist;         /* R x R router hop distances (R <= 1024), or NULL */
    long recover;      /* abort-and-retry timeout (0: off) */
    /* Shared concentrator ports (noc_node.shared; NULL when no router has
     * one): ej_rep[c] = the output arbiter of channel c (for the ejection
     * channels of a shared router its lowest ejection channel, else c). */
    int *ej_rep;
    /* eval's channel-load bound on the offered rate under this routing
     * (1 / max channel or shared-port load), INFINITY when it does not
     * apply (drop, deflect, adaptive routing) or eval refused. */
    double rate_bound;
};

enum { SIM_AD_TURN = 1, SIM_AD_DUATO = 2, SIM_AD_DEFLECT = 3 };

/* paths.c */
/* The routing: `requested`, or (-1) the first of table (when the stored
 * routes cover every pair with traffic), dor, desttag, updown that applies. */
int noc_sim_routing_choose(const struct noc_topo *t, const struct noc_traffic *tr, int requested, int vcs,
                           struct noc_routing *rt, struct noc_ctx *ctx);
int noc_sim_dateline_init(struct sim_net *n, struct noc_ctx *ctx);
/* VC classes of a path (channels ch[0..len-1]) into cls. */
void noc_sim_path_classes(const struct sim_net *n, const int *ch, int len, unsigned char *cls);
int noc_sim_table_build(struct sim_net *n, struct noc_ctx *ctx);
/* Releases the path table (pair_first .. pcls) and marks it absent. */
void noc_sim_table_free(struct sim_net *n);
/* Pair index of (s, d) for entry e (-1 = uniform draw), or -1 if none. */
int noc_sim_pair_index(const struct sim_net *n, int s, int d, int e);
/* VC range [lo, hi) of class cls on channel c. */
static inline void sim_vc_range(const struct sim_net *n, int c, int cls, int *lo, int *hi)
{
    if (n->ncls == 1 || n->kind[c] != CH_RR) {
        *lo = 0;
        *hi = n->V;
    } else {
        int half = n->V / 2;
        *lo = cls ? half : 0;
        *hi = cls ? n->V : half;
    }
}

/* ---- one run */
struct sim_flit {
    int pkt;    /* packet id */
    int ready;  /* first cycle it may win the switch */
    int idx;    /* flit index in the packet (0 = head) */
    int nx;     /* head: the channel after the one it is on (-1: none) */
    unsigned char cls, tail; /* nx's VC class; last flit of its packet */
};

struct sim_fev { /* a flit arriving on channel ch, VC vc */
    int ch, vc;
    struct sim_flit f;
};

struct sim_vec {
    void *data;
    size_t n, cap;
};

enum { IVC_IDLE = 0, IVC_VA, IVC_ACTIVE };

struct sim_ivc {
    int head, count;  /* ring buffer */
    int state;
    int out;          /* output VC (channel * V + vc) while ACTIVE */
    int och;          /* its channel (out / V) */
    int va_ready;     /* VA_WAIT: first cycle of VC allocation */
    int va_time;      /* ACTIVE: the cycle the VC was allocated */
    struct sim_flit fr; /* a copy of the front flit when count > 0 */
    int pkt;          /* VA / ACTIVE: the packet whose head it serves */
};

struct sim_pkt {
    int src, dst, len;
    int hop;          /* path index of the channel the head is on */
    int ctime, itime; /* creation, head injection */
    int flow;         /* sparse entry index or -1 */
    int path;         /* table path, or -1: own path slot */
    int plen;
    int sent;         /* flits injected */
    int alive;        /* flits injected and not yet ejected or discarded */
    int next;         /* source queue / free list link */
    unsigned char measured, dropped;
    unsigned char esc;   /* duato: on escape VCs */
    unsigned char inuse; /* allocated (not on the free list) */
    int ejd;          /* flits sent onto the ejection channel */
    int last;         /* cycle of its last flit move (recovery) */
};

struct sim_term {
    int qhead, qtail; /* source queue (packet ids) */
    long qflits;      /* flits waiting in the queue (not yet sent) */
    int cur;          /* packet being sent, -1 */
    int cur_vc;
    int rr;           /* injection VC round robin */
    int on;           /* onoff state */
    double next_t;    /* poisson: next creation time */
    double p;         /* packets per cycle */
    double p_on, p_off; /* onoff transition probabilities */
};

struct sim_retry { /* a dropped packet to send again */
    int time, src, dst, len, ctime, flow, measured;
};

struct sim_state {
    const struct sim_net *n;
    const struct noc_sim_opts *o;
    struct noc_ctx *ctx;
    struct noc_rng rng;
    int now;
    int W;                    /* wheel size (power of two) */
    struct sim_vec *fw, *cw;  /* flit and credit wheels */
    /* Packets to resend: a heap keyed by time (equal times unordered, the
     * heap's sift rules decide) of ids = slots of rpool; free slots are
     * stacked in rfree. */
    struct noc_heap retry;
    struct sim_retry *rpool;
    size_t nrpool, rpoolcap;
    int *rfree;
    size_t nrfree, rfreecap;
    struct sim_flit *buf;     /* nch * V * B */
    struct sim_ivc *ivc;      /* nch * V */
    int *credits, *owner;     /* nch * V */
    int *rr_va_in, *rr_va_out, *rr_sa_in, *rr_sa_out;
    int *rr_sa_io; /* per input channel: output-port round robin (bsalloc) */
    int *rr_conc;             /* per router: shared port round robin (input index) */
    int *ch_free;             /* per channel (n->gap set): first cycle the next flit may enter */
    int *buffered;            /* per router */
    int *nva;                 /* per router: input VCs waiting for VC allocation */
    uint64_t *vamask;         /* per channel: VCs in IVC_VA */
    uint64_t *actmask;        /* per channel: VCs ACTIVE with a flit */
    uint64_t *rva, *ract;     /* per router (<= 64 inputs): input ports whose
                               * vamask / actmask is not empty */
    /* Packets. */
    struct sim_pkt *pk;
    size_t pkcap;
    int npk, freelist;
    int *own_ch;              /* own path slots: stride entries per packet */
    unsigned char *own_cls;
    size_t owncap;
    int stride;
    struct noc_pathset ps;
    struct sim_term *term;
    /* Scratch for allocation. */
    int *req_ivc, *req_ovc, *req_loc, *req_w, *sa_in_vc, *sa_in_out, *sa_best;
    /* Measurement. */
    int mstart, mend;         /* window [mstart, mend); mend = INT_MAX while open */
    long long inj, ej, dropped, inflight;
    long long win_ej, win_gen, win_drop, heads, heads_dropped;
    long long gen;            /* flits created (first sends only), whole run */
    double fit[5];            /* least squares of outstanding flits over the
                               * window's cycles: n, sum t, sum t^2, sum q,
                               * sum t q (t from the window's start) */
    long measured_open;       /* measured packets not yet resolved */
    long long *hist;          /* latency histogram */
    size_t histcap;
    long long lat_n;
    double lat_sum;
    long long *ch_flits;      /* per channel, in the window */
    double *flow_lat;
    long long *flow_n, *flow_ej;
    int last_move;
    /* Adaptive routing and recovery statistics (whole run). */
    long long hop_n, hop_sum, nonmin, aborted, deflections;
    void *dfl;                /* deflection routing state (deflect.c), owned */
};

/* source.c */
int noc_sim_sources_init(struct sim_state *st, double rate, struct noc_ctx *ctx);
/* The VC a terminal's next packet starts on (sim.h, Injection): the first,
 * in round robin from rr over the V VCs of its injection channel, that no
 * packet holds (owner[v] < 0) and that has at least need credits (1 for
 * wormhole, the packet's length for virtual cut-through), as BookSim2's
 * terminal (trafficmanager.cpp: an available VC that is not full).
 * Returns the VC, -1 when none (the packet waits).  O(V). */
int noc_sim_inj_vc(int V, int rr, const int *owner, const int *credits, int need);
int noc_sim_sources_step(struct sim_state *st);
int noc_sim_pkt_new(struct sim_state *st, int src, int *id);
/* A destination for a packet of terminal s drawn from its traffic row;
 * *e = the sparse entry or -1 (uniform component). */
int noc_sim_pick_dest(const struct sim_net *n, struct noc_rng *rng, int s, int *e);
void noc_sim_pkt_release(struct sim_state *st, int id);
/* Sets a head flit's next channel and class: path[hop + 1] of its packet. */
static inline void sim_flit_next(const struct sim_state *st, struct sim_flit *f);
/* The path of packet p: channels and classes. */
static inline void sim_pkt_path(const struct sim_state *st, int p, const int **ch,
                                const unsigned char **cls)
{
    const struct sim_pkt *k = &st->pk[p];
    if (k->path >= 0) {
        int at = st->n->pstart[k->path];
        *ch = st->n->pch + at;
        *cls = st->n->pcls + at;
    } else {
        *ch = st->own_ch + (size_t)p * st->stride;
        *cls = st->own_cls + (size_t)p * st->stride;
    }
}
static inline void sim_flit_next(const struct sim_state *st, struct sim_flit *f)
{
    if (st->n->adaptive) { /* chosen hop by hop at VC allocation */
        f->nx = -1;
        f->cls = 0;
        return;
    }
    const int *ch;
    const unsigned char *cls;
    int h = st->pk[f->pkt].hop + 1;
    sim_pkt_path(st, f->pkt, &ch, &cls);
    if (h < st->pk[f->pkt].plen) {
        f->nx = ch[h];
        f->cls = cls[h];
    } else {
        f->nx = -1;
        f->cls = 0;
    }
}
int noc_sim_retry_push(struct sim_state *st, const struct sim_retry *r);
int noc_sim_grow_zero(struct noc_ctx *ctx, void **p, size_t *cap, size_t need, size_t size);
/* router.c */
/* VC v of input channel ic enters / leaves the VA-waiting or the active
 * set; the router masks follow (routers of more than 64 inputs are always
 * scanned whole). */
static inline void va_set(struct sim_state *st, int ic, int v)
{
    const struct sim_net *n = st->n;
    if (!st->vamask[ic] && n->in_pos[ic] < 64)
        st->rva[n->ch_dst[ic]] |= 1ULL << n->in_pos[ic];
    st->vamask[ic] |= 1ULL << v;
}

static inline void va_clear(struct sim_state *st, int ic, int v)
{
    const struct sim_net *n = st->n;
    st->vamask[ic] &= ~(1ULL << v);
    if (!st->vamask[ic] && n->in_pos[ic] < 64)
        st->rva[n->ch_dst[ic]] &= ~(1ULL << n->in_pos[ic]);
}

static inline void act_set(struct sim_state *st, int ic, int v)
{
    const struct sim_net *n = st->n;
    if (!st->actmask[ic] && n->in_pos[ic] < 64)
        st->ract[n->ch_dst[ic]] |= 1ULL << n->in_pos[ic];
    st->actmask[ic] |= 1ULL << v;
}

static inline void act_clear(struct sim_state *st, int ic, int v)
{
    const struct sim_net *n = st->n;
    st->actmask[ic] &= ~(1ULL << v);
    if (!st->actmask[ic] && n->in_pos[ic] < 64)
        st->ract[n->ch_dst[ic]] &= ~(1ULL << n->in_pos[ic]);
}

int noc_sim_send_flit(struct sim_state *st, int ch, int vc, struct sim_flit f, int arrive);
/* The switch allocator's input stage with booksim_alloc (sim.h, Allocation;
 * BookSim2's separable_input_first with its per-output VC pick): among the
 * nv eligible VCs vc[k] of an input port, bound for the router's output
 * ports port[k] in [0, nout), the VC whose port comes first in the round
 * robin from ostart, ties to the VC first in the round robin from vstart
 * over V VCs.  nout = 0: by the VC round robin alone (nocsyn's own input
 * stage).  Returns the VC, -1 when nv = 0.  O(nv). */
int noc_sim_sa_choose(int nv, const int *vc, const int *port, int V, int vstart, int nout, int ostart);
int noc_sim_routers_step(struct sim_state *st);
void noc_sim_flit_arrive(struct sim_state *st, const struct sim_fev *e);
/* adaptive.c */
int noc_sim_adaptive_init(struct sim_net *n, const struct noc_sim_opts *o, struct noc_ctx *ctx);
/* The output VC (channel * V + vc) the head of input VC i, on channel ic at
 * router u, requests this cycle under adaptive routing, or -1 (none free). */
int noc_sim_adaptive_request(struct sim_state *st, int u, int ic, int i);
/* Zero-load latency of terminal pair (s, d) under adaptive routing or
 * deflection: every credit count is equal at zero load, so each router
 * takes the first next hop (deflect: the first productive output); NAN when
 * d cannot be reached. */
double noc_sim_adaptive_pair_latency(const struct sim_net *n, int s, int d);
/* Records the hops of packet p whose head reaches its ejection channel. */
void noc_sim_adaptive_hops(struct sim_state *st, int p);
/* deflect.c */
int noc_sim_deflect_alloc(struct sim_state *st);
void noc_sim_deflect_free(struct sim_state *st);
int noc_sim_deflect_arrive(struct sim_state *st, const struct sim_fev *e);
int noc_sim_deflect_step(struct sim_state *st);
/* recover.c */
/* Aborts the packets blocked for the recovery timeout; called each cycle. */
int noc_sim_recover_step(struct sim_state *st);

#endif
