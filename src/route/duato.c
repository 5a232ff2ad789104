/* Duato's fully adaptive minimal routing on 2-D meshes (Duato, IEEE TPDS
 * 4(12), 1993; Dally & Towles, "Principles and Practices of Interconnection
 * Networks", 2004, sec. 14.3).  The state is turn.c's (mesh indices).
 *
 * Step function: every productive direction, x before y, in VC class 1 (the
 * adaptive VCs; class 0 with one VC), each with an equal share -- the load
 * model of eval and the minimal paths the simulator's zero-load latency
 * averages over.  The escape channel is the first hop listed (x before y:
 * dimension order); the simulator offers it on VC 0 at every hop and keeps a
 * packet that took it on escape VCs (src/sim/adaptive.c).
 *
 * Deadlock check: Duato's condition on the escape sub-function.  Packets
 * never return from escape to adaptive VCs, so the escape channels carry
 * exactly the dor dependencies (no indirect ones), acyclic on a mesh; an
 * adaptive VC never waits forever since the escape VC of the dor hop is
 * always offered.  So the dependencies listed are those of dor in class 0.
 * With one VC there is no escape channel: the dependencies of every
 * productive hop in one class, cyclic on meshes of 2x2 and more. */
#include "route_int.h"

enum { DIR_E, DIR_W, DIR_N, DIR_S };

int noc_rt_duato_next(const struct noc_routing *r, const struct rt_dest *dd, int u, int cin, int cls,
                      struct rt_hop *hop, int *nhop, struct noc_ctx *ctx)
{
    (void)cin;
    (void)cls;
    (void)ctx;
    const struct noc_graph *g = &r->t->g;
    int dirs[2], nd = 0, acls = r->vcs >= 2 ? 1 : 0;
    /* coordinates from the turn state: the channel toward a neighbour tells
     * which directions exist; productive = closer to dd->d */
    int cu[2], cd[2];
    noc_rt_turn_coords(r, u, cu);
    noc_rt_turn_coords(r, dd->d, cd);
    if (cd[0] != cu[0])
        dirs[nd++] = cd[0] > cu[0] ? DIR_E : DIR_W;
    if (cd[1] != cu[1])
        dirs[nd++] = cd[1] > cu[1] ? DIR_N : DIR_S;
    *nhop = 0;
    for (int i = 0; i < nd; i++) {
        int e = noc_rt_turn_channel(r, u, dirs[i]);
        if (e < 0 || g->src[e] != u)
            continue;
        rt_hop_set(&hop[*nhop], e, acls, 0);
        (*nhop)++;
    }
    for (int i = 0; i < *nhop; i++)
        hop[i].w = 1.0 / *nhop;
    return NOC_OK;
}

int noc_rt_duato_deps(const struct noc_routing *r, struct rt_cdg *cdg, struct noc_ctx *ctx)
{
    struct noc_routing esc;
    if (r->vcs < 2) /* no escape VC: every productive hop in one class */
        return noc_rt_explore_deps(r, cdg, ctx);
    int rc = noc_routing_init(&esc, r->t, NOC_RT_DOR, 1, ctx);
    if (rc != NOC_OK)
        return rc;
    rc = noc_rt_dor_deps(&esc, cdg, ctx);
    noc_routing_free(&esc);
    return rc;
}
