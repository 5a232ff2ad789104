#define _DEFAULT_SOURCE
/* The campaign description: parsing, validation, the canonical text and
 * the job numbering (campaign.h). */
#include "nocsyn/campaign.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/sim.h"
#include "nocsyn/synth.h"
#include "nocsyn/tech.h"
#include "nocsyn/units.h"


void noc_campaign_init(struct noc_campaign *c)
{
    memset(c, 0, sizeof *c);
    c->freqs[0] = NOC_DEFAULT_FREQ_MHZ;
    c->widths[0] = NOC_DEFAULT_LINK_WIDTH;
    c->radices[0] = NOC_DEFAULT_MAX_RADIX;
    c->nfreqs = c->nwidths = c->nradices = 1;
    c->max_util = NOC_DEFAULT_MAX_UTIL;
    c->packet_bits = NOC_DEFAULT_PACKET_BITS;
    c->seed = 1;
    c->sim_from = NOC_SIM_SWEEP_FROM;
    c->sim_to = NOC_SIM_SWEEP_TO;
    c->sim_step = NOC_SIM_SWEEP_STEP;
    c->sim_cycles = NOC_SIM_SWEEP_CYCLES;
}

void noc_campaign_free(struct noc_campaign *c)
{
    for (int i = 0; i < c->napps; i++) {
        free(c->apps[i].path);
        free(c->apps[i].floorplan);
    }
    free(c->apps);
    free(c->tech);
    free(c->text);
    memset(c, 0, sizeof *c);
}

/* The parse state: where we are, for messages. */
struct pstate {
    const char *label;
    long line;
    const char *base;
    struct noc_ctx *ctx;
    char methods[256], baselines[256];
    int seen_methods, seen_baselines;
    long methods_line, baselines_line; /* of their keys, for messages */
};

static int bad(struct pstate *p, const char *fmt, const char *a, const char *b)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 0)))
#endif
    ;
static int bad(struct pstate *p, const char *fmt, const char *a, const char *b)
{
    char msg[768];
    /* fmt is one of this file's literals, with at most two %s. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    snprintf(msg, sizeof msg, fmt, a, b ? b : "");
#pragma GCC diagnostic pop
    return noc_error(p->ctx, NOC_EINVAL, p->label, p->line, "%s", msg);
}

/* A path as written, or joined to the description's directory. */
static char *resolve(const struct pstate *p, const char *v)
{
    if (v[0] == '/' || !p->base || !p->base[0] || !strcmp(p->base, "."))
        return noc_strdup(p->ctx, v);
    size_t n = strlen(p->base) + strlen(v) + 2;
    char *s = noc_malloc(p->ctx, n, 1);
    if (s)
        snprintf(s, n, "%s/%s", p->base, v);
    return s;
}

static int parse_bool(struct pstate *p, const char *key, const char *v, int *out)
{
    if (!strcmp(v, "yes") || !strcmp(v, "1") || !strcmp(v, "true"))
        *out = 1;
    else if (!strcmp(v, "no") || !strcmp(v, "0") || !strcmp(v, "false"))
        *out = 0;
    else
        return bad(p, "%s: yes or no, got '%s'", key, v);
    return NOC_OK;
}

static int parse_gridkey(struct pstate *p, const char *key, const char *v, double lo, double hi, int whole,
                         double *vals, int *n)
{
    if (noc_parse_grid(key, v, lo, hi, whole, vals, NOC_CAMPAIGN_MAX_GRID, n, p->ctx) == NOC_OK)
        return NOC_OK;
    char msg[1024];
    snprintf(msg, sizeof msg, "%s", p->ctx->msg);
    noc_ctx_clear(p->ctx);
    return noc_error(p->ctx, NOC_EINVAL, p->label, p->line, "%s", msg);
}

static int add_app(struct noc_campaign *c, struct pstate *p, const char *v)
{
    struct noc_campaign_app *a = realloc(c->apps, (size_t)(c->napps + 1) * sizeof *a);
    if (!a)
        return noc_error(p->ctx, NOC_ENOMEM, NULL, 0, "out of memory");
    c->apps = a;
    a = &c->apps[c->napps++];
    memset(a, 0, sizeof *a);
    if (!(a->path = resolve(p, v)))
        return NOC_ENOMEM;
    const char *b = strrchr(v, '/');
    b = b ? b + 1 : v;
    snprintf(a->name, sizeof a->name, "%s", b);
    char *dot = strrchr(a->name, '.');
    if (dot && dot != a->name)
        *dot = '\0';
    for (int i = 0; i < c->napps - 1; i++)
        if (!strcmp(c->apps[i].name, a->name))
            return bad(p, "app '%s' is listed twice (apps are told apart by file name)", a->name, NULL);
    return NOC_OK;
}

/* Splits a comma list into c->items after validating each name. */
static int set_items(struct noc_campaign *c, struct pstate *p, const char *list, int baseline)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    p->line = baseline ? p->baselines_line : p->methods_line;
    if (!strcmp(buf, "none"))
        return NOC_OK;
    size_t bl = strlen(buf);
    if (!bl || buf[0] == ',' || buf[bl - 1] == ',' || strstr(buf, ",,"))
        return bad(p, "%s '%s' has an empty element", baseline ? "baselines" : "methods", list);
    if (baseline && !strcmp(buf, "all")) { /* every baseline of compare's registry */
        const char *name, *d1, *d2;
        size_t len = 0;
        buf[0] = '\0';
        for (int k = 0; noc_baseline_info(k, &name, &d1, &d2) == 0 && len < sizeof buf; k++)
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", k ? "," : "", name);
    }
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        const char *name, *d1, *d2;
        int known = 0;
        for (int k = 0; !known && (baseline ? noc_baseline_info(k, &name, &d1, &d2) : noc_synth_method_info(k, &name, &d1)) == 0; k++)
            known = !strcmp(name, tok);
        if (!known)
            return bad(p, baseline ? "unknown baseline '%s' (see 'nocsyn compare --help')"
                                   : "unknown method '%s' (split, merge, cmesh, hring)", tok, NULL);
        for (int k = baseline ? c->nmethods : 0; k < c->nitems; k++)
            if (!strcmp(c->items[k], tok))
                return bad(p, "'%s' is listed twice", tok, NULL);
        if (c->nitems >= NOC_CAMPAIGN_MAX_ITEMS)
            return bad(p, "more than 32 methods and baselines", NULL, NULL);
        snprintf(c->items[c->nitems++], sizeof c->items[0], "%s", tok);
    }
    if (!baseline)
        c->nmethods = c->nitems;
    return NOC_OK;
}

/* One `key = value` line. */
static int parse_line(struct noc_campaign *c, struct pstate *p, const char *key, const char *v)
{
    long l;
    double d;
    int n;
    if (!strcmp(key, "name")) {
        if (strlen(v) >= sizeof c->name)
            return bad(p, "name: at most 127 bytes, got %s", "more", NULL);
        snprintf(c->name, sizeof c->name, "%s", v);
    } else if (!strcmp(key, "app")) {
        return add_app(c, p, v);
    } else if (!strcmp(key, "app-cores")) {
        if (!c->napps)
            return bad(p, "app-cores before any app (it belongs to the app line above it)", NULL, NULL);
        if (noc_parse_int(v, 1, 100000000L, &l))
            return bad(p, "%s: a whole number of cores, got '%s'", key, v);
        c->apps[c->napps - 1].ncores = (int)l;
    } else if (!strcmp(key, "floorplan")) {
        if (!c->napps)
            return bad(p, "floorplan before any app (it belongs to the app line above it)", NULL, NULL);
        if (c->apps[c->napps - 1].floorplan)
            return bad(p, "app '%s' has two floorplans", c->apps[c->napps - 1].name, NULL);
        if (!(c->apps[c->napps - 1].floorplan = resolve(p, v)))
            return NOC_ENOMEM;
    } else if (!strcmp(key, "methods") || !strcmp(key, "baselines")) {
        int base = key[0] == 'b';
        if (base ? p->seen_baselines++ : p->seen_methods++)
            return bad(p, "%s is set twice", key, NULL);
        if (strlen(v) >= sizeof p->methods)
            return bad(p, "%s: the list is longer than 255 bytes", key, NULL);
        snprintf(base ? p->baselines : p->methods, sizeof p->methods, "%s", v);
        *(base ? &p->baselines_line : &p->methods_line) = p->line;
    } else if (!strcmp(key, "freq")) {
        return parse_gridkey(p, key, v, 1e-3, 1e5, 0, c->freqs, &c->nfreqs);
    } else if (!strcmp(key, "link-width")) {
        return parse_gridkey(p, key, v, 1, 4096, 1, c->widths, &c->nwidths);
    } else if (!strcmp(key, "max-radix")) {
        return parse_gridkey(p, key, v, 2, 1000, 1, c->radices, &c->nradices);
    } else if (!strcmp(key, "max-util")) {
        if (noc_parse_double(v, &d) || !(d > 0 && d <= 1))
            return bad(p, "%s: a number in (0, 1], got '%s'", key, v);
        c->max_util = d;
    } else if (!strcmp(key, "packet-bits")) {
        if (noc_parse_double(v, &d) || !(d >= 1 && d <= 1e6) || d != floor(d))
            return bad(p, "%s: a whole number of bits in 1..1000000, got '%s'", key, v);
        c->packet_bits = d;
    } else if (!strcmp(key, "wire-budget")) {
        if (noc_parse_double(v, &d) || !(d >= 0 && d <= 1e8) || d != floor(d))
            return bad(p, "%s: a whole number of wires (0 = off), got '%s'", key, v);
        c->wire_budget = d;
    } else if (!strcmp(key, "seed")) {
        if (noc_parse_int(v, 0, 2147483647L, &l))
            return bad(p, "%s: a whole number in 0..2147483647, got '%s'", key, v);
        c->seed = (unsigned)l;
    } else if (!strcmp(key, "tech")) {
        free(c->tech);
        if (!(c->tech = resolve(p, v)))
            return NOC_ENOMEM;
    } else if (!strcmp(key, "ideal")) {
        return parse_bool(p, key, v, &c->ideal);
    } else if (!strcmp(key, "simulate")) {
        return parse_bool(p, key, v, &c->simulate);
    } else if (!strcmp(key, "sim-cycles")) {
        if (noc_parse_int(v, 1, 100000000L, &l))
            return bad(p, "%s: a whole number in 1..100000000, got '%s'", key, v);
        c->sim_cycles = l;
    } else if (!strcmp(key, "sim-loads")) {
        double vals[NOC_CAMPAIGN_MAX_GRID], b, step;
        if (!strchr(v, ':'))
            return bad(p, "%s: a range A:B:STEP of offered loads, got '%s'", key, v);
        if (parse_gridkey(p, key, v, 1e-6, 1, 0, vals, &n))
            return NOC_EINVAL;
        /* B and STEP as written (the sweep stops at the last load <= B). */
        const char *c1 = strchr(v, ':'), *c2 = strchr(c1 + 1, ':');
        char bb[1024]; /* noc_parse_grid refused anything longer */
        snprintf(bb, sizeof bb, "%.*s", (int)(c2 - c1 - 1), c1 + 1);
        if (noc_parse_double(bb, &b) || noc_parse_double(c2 + 1, &step))
            return bad(p, "%s: a range A:B:STEP of offered loads, got '%s'", key, v);
        c->sim_from = vals[0];
        c->sim_to = b;
        c->sim_step = step;
    } else {
        return bad(p, "unknown key '%s' (see 'nocsyn campaign --help')", key, NULL);
    }
    return NOC_OK;
}

/* v in the fewest of 15..17 significant digits that read back to v. */
static void put_num(struct noc_buf *b, double v)
{
    char tmp[40];
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, v);
        if (strtod(tmp, NULL) == v)
            break;
    }
    noc_buf_printf(b, "%s", tmp);
}

/* The canonical text: every key, in one order, paths resolved. */
static int canonical(struct noc_campaign *c, struct noc_ctx *ctx)
{
    struct noc_buf b;
    noc_buf_init(&b);
    noc_buf_printf(&b, "# nocsyn campaign (canonical form)\nname = %s\n", c->name);
    for (int i = 0; i < c->napps; i++) {
        noc_buf_printf(&b, "app = %s\napp-cores = %d\n", c->apps[i].path, c->apps[i].ncores);
        if (c->apps[i].floorplan)
            noc_buf_printf(&b, "floorplan = %s\n", c->apps[i].floorplan);
    }
    const char *what[2] = {"methods", "baselines"};
    for (int w = 0; w < 2; w++) {
        int a = w ? c->nmethods : 0, z = w ? c->nitems : c->nmethods;
        noc_buf_printf(&b, "%s = %s", what[w], a == z ? "none" : "");
        for (int k = a; k < z; k++)
            noc_buf_printf(&b, "%s%s", k > a ? "," : "", c->items[k]);
        noc_buf_printf(&b, "\n");
    }
    const struct { const char *key; const double *v; int n; } grids[] = {
        {"max-radix", c->radices, c->nradices}, {"freq", c->freqs, c->nfreqs}, {"link-width", c->widths, c->nwidths}};
    for (size_t g = 0; g < sizeof grids / sizeof grids[0]; g++) {
        noc_buf_printf(&b, "%s = ", grids[g].key);
        for (int k = 0; k < grids[g].n; k++) {
            noc_buf_printf(&b, "%s", k ? "," : "");
            put_num(&b, grids[g].v[k]);
        }
        noc_buf_printf(&b, "\n");
    }
    noc_buf_printf(&b, "max-util = ");
    put_num(&b, c->max_util);
    noc_buf_printf(&b, "\npacket-bits = %.0f\nwire-budget = %.0f\nseed = %u\n", c->packet_bits, c->wire_budget,
                   c->seed);
    if (c->tech)
        noc_buf_printf(&b, "tech = %s\n", c->tech);
    noc_buf_printf(&b, "ideal = %s\nsimulate = %s\nsim-loads = ", c->ideal ? "yes" : "no",
                   c->simulate ? "yes" : "no");
    put_num(&b, c->sim_from);
    noc_buf_printf(&b, ":");
    put_num(&b, c->sim_to);
    noc_buf_printf(&b, ":");
    put_num(&b, c->sim_step);
    noc_buf_printf(&b, "\nsim-cycles = %ld\n", c->sim_cycles);
    if (!b.data || b.failed) {
        noc_buf_free(&b);
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
    }
    c->text = b.data;
    return NOC_OK;
}

/* Reads every app (and floorplan, and the tech file) once: bad input is
 * reported at plan time, not by a job on a cluster. */
static int check_inputs(struct noc_campaign *c, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    if (c->tech) {
        struct noc_tech t;
        noc_tech_defaults(&t);
        rc = noc_tech_read(&t, c->tech, ctx);
    }
    for (int i = 0; rc == NOC_OK && i < c->napps; i++) {
        struct noc_app app;
        noc_app_init(&app);
        rc = noc_app_read(&app, c->apps[i].path, NULL, ctx);
        if (rc == NOC_OK && c->apps[i].floorplan)
            rc = noc_floorplan_read(&app, c->apps[i].floorplan, ctx);
        if (rc == NOC_OK && c->apps[i].ncores && c->apps[i].ncores != app.ncores)
            rc = noc_error(ctx, NOC_EINVAL, c->apps[i].path, 0, "%d cores, the campaign says app-cores = %d",
                           app.ncores, c->apps[i].ncores);
        c->apps[i].ncores = app.ncores;
        noc_app_free(&app);
    }
    return rc;
}

int noc_campaign_parse(struct noc_campaign *c, const char *text, const char *label, const char *base_dir,
                       int check, struct noc_ctx *ctx)
{
    struct pstate p = {.label = label, .base = base_dir, .ctx = ctx};
    int rc = NOC_OK;
    char *copy = noc_strdup(ctx, text);
    if (!copy)
        return NOC_ENOMEM;
    char *save = NULL;
    p.line = 0;
    for (char *s = copy, *nl; rc == NOC_OK && s; s = nl) {
        nl = strchr(s, '\n');
        if (nl)
            *nl++ = '\0';
        p.line++;
        char *key, *val;
        int kv = noc_kv_split(s, &key, &val);
        if (kv == 0)
            continue;
        if (kv < 0) {
            rc = bad(&p, "expected 'key = value', got '%s'", key, NULL);
            break;
        }
        if (!*val)
            rc = bad(&p, "%s has no value", key, NULL);
        else
            rc = parse_line(c, &p, key, val);
    }
    (void)save;
    free(copy);
    p.line = 0;
    if (rc == NOC_OK && !c->napps)
        rc = noc_error(ctx, NOC_EINVAL, label, 0, "no app: a campaign needs at least one 'app = PATH' line");
    if (rc == NOC_OK)
        rc = set_items(c, &p, p.seen_methods ? p.methods : "split,merge,cmesh,hring", 0);
    if (rc == NOC_OK)
        rc = set_items(c, &p, p.seen_baselines ? p.baselines : "none", 1);
    if (rc == NOC_OK && !c->nitems)
        rc = noc_error(ctx, NOC_EINVAL, label, 0, "no method and no baseline: nothing to run");
    if (rc == NOC_OK && !c->name[0]) {
        const char *b = strrchr(label, '/');
        snprintf(c->name, sizeof c->name, "%s", b ? b + 1 : label);
    }
    if (rc == NOC_OK) {
        double jobs = (double)c->napps * c->nradices * c->nfreqs * c->nwidths * c->nitems;
        if (jobs > 1e6)
            rc = noc_error(ctx, NOC_EINVAL, label, 0, "%.0f jobs: at most 1000000 per campaign", jobs);
        c->njobs = (int)jobs;
    }
    for (int i = 0; rc == NOC_OK && !check && i < c->napps; i++)
        if (!c->apps[i].ncores)
            rc = noc_error(ctx, NOC_EINVAL, label, 0, "app %s has no app-cores line", c->apps[i].name);
    if (rc == NOC_OK && check)
        rc = check_inputs(c, ctx);
    if (rc == NOC_OK)
        rc = canonical(c, ctx);
    return rc;
}

int noc_campaign_read(struct noc_campaign *c, const char *path, struct noc_ctx *ctx)
{
    char *data = NULL, *dir = NULL;
    size_t len;
    int rc = noc_read_file(path, &data, &len, ctx);
    if (rc != NOC_OK)
        goto cleanup;
    long at = noc_nul_line(data, len);
    if (at) {
        rc = noc_error(ctx, NOC_EINVAL, path, at, "not a text file (it holds a NUL byte)");
        goto cleanup;
    }
    if (!(dir = noc_strdup(ctx, path))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    char *slash = strrchr(dir, '/');
    if (slash)
        slash[slash == dir ? 1 : 0] = '\0';
    else
        snprintf(dir, strlen(path) + 1, ".");
    /* Absolute paths, so that jobs run from any directory. */
    char *abs = realpath(dir, NULL);
    rc = noc_campaign_parse(c, data, path, abs ? abs : dir, 1, ctx);
    free(abs);
cleanup:
    free(data);
    free(dir);
    return rc;
}

int noc_campaign_job(const struct noc_campaign *c, int id, struct noc_campaign_job *j, struct noc_ctx *ctx)
{
    if (id < 1 || id > c->njobs)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "job %d: the campaign has jobs 1..%d", id, c->njobs);
    int k = id - 1;
    memset(j, 0, sizeof *j);
    j->id = id;
    j->item = k % c->nitems;
    k /= c->nitems;
    j->link_width = c->widths[k % c->nwidths];
    k /= c->nwidths;
    j->freq_mhz = c->freqs[k % c->nfreqs];
    k /= c->nfreqs;
    j->max_radix = (int)c->radices[k % c->nradices];
    k /= c->nradices;
    j->app = k;
    j->baseline = j->item >= c->nmethods;
    return NOC_OK;
}

void noc_campaign_job_label(const struct noc_campaign *c, const struct noc_campaign_job *j, char *buf,
                            size_t len)
{
    snprintf(buf, len, "%s %s r%d %gMHz w%g", c->apps[j->app].name, c->items[j->item], j->max_radix, j->freq_mhz,
             j->link_width);
}

void noc_campaign_job_dir(const char *dir, int id, char *buf, size_t len)
{
    snprintf(buf, len, "%s/jobs/%04d", dir, id);
}
