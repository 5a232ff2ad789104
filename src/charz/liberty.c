/* The Liberty reader (charz.h): unit attributes, nominal corner and every
 * cell's area.  A small statement scanner: NAME : VALUE ; | NAME ( ARGS )
 * ; | NAME ( ARGS ) { ... }, comments and line continuations skipped. */
#include "nocsyn/charz.h"

#include <ctype.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void noc_liberty_init(struct noc_liberty *lib)
{
    memset(lib, 0, sizeof *lib);
    lib->time_ps = 1000;
    lib->voltage = lib->temperature = lib->process = NAN;
}

void noc_liberty_free(struct noc_liberty *lib)
{
    free(lib->cell);
    noc_liberty_init(lib);
}

/* Copies s into d[cap], truncated. */
static void cp(char *d, size_t cap, const char *s)
{
    size_t n = strlen(s);
    if (n >= cap)
        n = cap - 1;
    memcpy(d, s, n);
    d[n] = '\0';
}

struct scan {
    const char *s;
    long line;
};

/* Skips blanks, comments and backslash-newlines. */
static void skip(struct scan *sc)
{
    for (;;) {
        char c = *sc->s;
        if (c == '\n') {
            sc->line++;
            sc->s++;
        } else if (c == ' ' || c == '\t' || c == '\r' || (c == '\\' && (sc->s[1] == '\n' || sc->s[1] == '\r'))) {
            sc->s++;
        } else if (c == '/' && sc->s[1] == '*') {
            sc->s += 2;
            while (*sc->s && !(sc->s[0] == '*' && sc->s[1] == '/')) {
                if (*sc->s == '\n')
                    sc->line++;
                sc->s++;
            }
            if (*sc->s)
                sc->s += 2;
        } else if (c == '/' && sc->s[1] == '/') {
            while (*sc->s && *sc->s != '\n')
                sc->s++;
        } else {
            return;
        }
    }
}

/* Copies text up to (not including) one of `stops` at nesting 0, outside
 * quotes, into out (quotes dropped, trimmed), advancing sc. */
static void take(struct scan *sc, const char *stops, char *out, size_t cap)
{
    size_t n = 0;
    int q = 0;
    skip(sc);
    while (*sc->s && (q || !strchr(stops, *sc->s))) {
        char c = *sc->s++;
        if (c == '\n')
            sc->line++;
        if (c == '"') {
            q = !q;
            continue;
        }
        if (c == '\\' && (*sc->s == '\n' || *sc->s == '\r'))
            continue;
        if (n + 1 < cap && !(n == 0 && isspace((unsigned char)c)))
            out[n++] = c;
    }
    while (n > 0 && isspace((unsigned char)out[n - 1]))
        n--;
    out[n] = '\0';
}

static int unit_ps(const char *u, double *ps)
{
    char *end;
    double v = strtod(u, &end);
    if (end == u)
        v = 1;
    while (*end == ' ')
        end++;
    if (!strcmp(end, "ns"))
        *ps = v * 1000;
    else if (!strcmp(end, "ps"))
        *ps = v;
    else if (!strcmp(end, "us"))
        *ps = v * 1e6;
    else
        return -1;
    return *ps > 0 ? 0 : -1;
}

/* A pin function "!X", "(!X)", "!(X)" or "X'" of one identifier X
 * (quotes and parentheses ignored; "!(A B)" is two identifiers): the cell
 * is an inverter. */
static int is_inverse(const char *v)
{
    char t[64];
    size_t n = 0;
    for (; *v && n + 1 < sizeof t; v++)
        if (!strchr("\"()", *v))
            t[n++] = *v;
    t[n] = '\0';
    char *id = t;
    while (*id == ' ' || *id == '\t')
        id++;
    size_t len = strlen(id);
    while (len > 0 && (id[len - 1] == ' ' || id[len - 1] == '\t'))
        len--;
    if (len >= 2 && id[0] == '!')
        id++, len--;
    else if (len >= 2 && id[len - 1] == '\'')
        len--;
    else
        return 0;
    for (size_t i = 0; i < len; i++)
        if (!isalnum((unsigned char)id[i]) && id[i] != '_')
            return 0;
    return 1;
}

int noc_liberty_parse(struct noc_liberty *lib, const char *text, const char *label, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    struct scan sc = {text, 1};
    /* Group stack: the group's name and, for a cell, its index. */
    char grp[64][64];
    int cellidx[64], depth = 0;
    size_t cap = 0;
    char name[256], args[512], val[512];
    for (;;) {
        skip(&sc);
        if (!*sc.s)
            break;
        if (*sc.s == '}') {
            if (depth == 0) {
                rc = noc_error(ctx, NOC_EINVAL, label, sc.line, "'}' without a group");
                goto cleanup;
            }
            depth--;
            sc.s++;
            continue;
        }
        if (*sc.s == ';') {
            sc.s++;
            continue;
        }
        long at = sc.line;
        take(&sc, ":({};", name, sizeof name);
        if (!name[0] || (*sc.s != ':' && *sc.s != '(')) {
            rc = noc_error(ctx, NOC_EINVAL, label, at, "expected 'name : value;' or 'name (...)'");
            goto cleanup;
        }
        if (*sc.s == ':') {
            sc.s++;
            take(&sc, ";}\n", val, sizeof val);
            if (*sc.s == ';')
                sc.s++;
            int c = depth > 0 ? cellidx[depth - 1] : -1;
            if (depth == 1) {
                double v;
                if (!strcmp(name, "time_unit")) {
                    cp(lib->time_unit, sizeof lib->time_unit, val);
                    if (unit_ps(val, &lib->time_ps)) {
                        rc = noc_error(ctx, NOC_EINVAL, label, at, "time_unit '%s': expected e.g. 1ns or 1ps", val);
                        goto cleanup;
                    }
                } else if (!strcmp(name, "leakage_power_unit")) {
                    cp(lib->leak_unit, sizeof lib->leak_unit, val);
                } else if (!strcmp(name, "default_operating_conditions")) {
                    cp(lib->opcond, sizeof lib->opcond, val);
                } else if (!strcmp(name, "nom_voltage") && !noc_parse_double(val, &v)) {
                    lib->voltage = v;
                } else if (!strcmp(name, "nom_temperature") && !noc_parse_double(val, &v)) {
                    lib->temperature = v;
                } else if (!strcmp(name, "nom_process") && !noc_parse_double(val, &v)) {
                    lib->process = v;
                }
            } else if (depth == 3 && c >= 0 && !strcmp(grp[2], "pin")) {
                double v;
                if (!strcmp(name, "function") && is_inverse(val))
                    lib->cell[c].inv = 1;
                else if (!strcmp(name, "capacitance") && !noc_parse_double(val, &v) && v > lib->cell[c].in_cap)
                    lib->cell[c].in_cap = v;
            } else if (depth == 2 && c >= 0 && !strcmp(name, "area")) {
                if (noc_parse_double(val, &lib->cell[c].area) || lib->cell[c].area < 0) {
                    rc = noc_error(ctx, NOC_EINVAL, label, at, "cell %s: area '%s' is not a number >= 0",
                                   lib->cell[c].name, val);
                    goto cleanup;
                }
            }
            continue;
        }
        sc.s++; /* '(' */
        take(&sc, ")", args, sizeof args);
        if (*sc.s != ')') {
            rc = noc_error(ctx, NOC_EINVAL, label, at, "'%s (' without ')'", name);
            goto cleanup;
        }
        sc.s++;
        skip(&sc);
        if (*sc.s != '{') {
            if (depth == 1 && !strcmp(name, "capacitive_load_unit"))
                cp(lib->cap_unit, sizeof lib->cap_unit, args);
            if (*sc.s == ';')
                sc.s++;
            continue;
        }
        sc.s++; /* '{': a group */
        if (depth == 64) {
            rc = noc_error(ctx, NOC_EINVAL, label, at, "groups nested deeper than 64");
            goto cleanup;
        }
        int idx = depth > 0 ? cellidx[depth - 1] : -1;
        if (depth == 0) {
            if (strcmp(name, "library")) {
                rc = noc_error(ctx, NOC_EINVAL, label, at, "expected 'library (NAME) {', found '%s'", name);
                goto cleanup;
            }
            cp(lib->name, sizeof lib->name, args);
        } else if (depth == 1 && !strcmp(name, "cell")) {
            NOC_CHECK(noc_grow(ctx, (void **)&lib->cell, &cap, (size_t)lib->ncells + 1, sizeof *lib->cell));
            idx = lib->ncells++;
            memset(&lib->cell[idx], 0, sizeof lib->cell[idx]);
            cp(lib->cell[idx].name, sizeof lib->cell[idx].name, args);
        } else if (depth == 2 && idx >= 0 && (!strcmp(name, "ff") || !strcmp(name, "latch"))) {
            lib->cell[idx].seq = 1;
        }
        cp(grp[depth], sizeof grp[depth], name);
        cellidx[depth] = idx;
        depth++;
    }
    if (depth != 0)
        rc = noc_error(ctx, NOC_EINVAL, label, sc.line, "end of file inside group '%s'", grp[depth - 1]);
    else if (!lib->name[0])
        rc = noc_error(ctx, NOC_EINVAL, label, 0, "no 'library (NAME) { ... }' group");
    else if (lib->ncells == 0)
        rc = noc_error(ctx, NOC_EINVAL, label, 0, "library %s has no cell", lib->name);
cleanup:
    return rc;
}

const struct noc_liberty_cell *noc_liberty_find(const struct noc_liberty *lib, const char *name)
{
    for (int i = 0; i < lib->ncells; i++)
        if (!strcmp(lib->cell[i].name, name))
            return &lib->cell[i];
    return NULL;
}

const struct noc_liberty_cell *noc_liberty_drive_cell(const struct noc_liberty *lib)
{
    const struct noc_liberty_cell *best = NULL;
    for (int i = 0; i < lib->ncells; i++)
        if (lib->cell[i].inv && !lib->cell[i].seq && (!best || lib->cell[i].area < best->area))
            best = &lib->cell[i];
    return best;
}

double noc_liberty_cap_ff(const struct noc_liberty *lib)
{
    double k;
    char u[32];
    if (sscanf(lib->cap_unit, "%lf , %31s", &k, u) != 2 || !(k > 0))
        return 1000;
    for (char *p = u; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    if (!strcmp(u, "ff"))
        return k;
    if (!strcmp(u, "pf"))
        return k * 1e3;
    if (!strcmp(u, "nf"))
        return k * 1e6;
    return 1000;
}
