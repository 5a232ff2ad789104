/* PRNG, hash maps, file helpers and the string buffer. */
#include "nocsyn/core.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- PRNG: splitmix64 seeding xoshiro256** (public-domain algorithms by
 * Blackman and Vigna). */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void noc_rng_seed(struct noc_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t noc_rng_next(struct noc_rng *r)
{
    uint64_t *s = r->s;
    uint64_t res = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return res;
}

double noc_rng_uniform(struct noc_rng *r)
{
    return (double)(noc_rng_next(r) >> 11) * 0x1.0p-53;
}

uint64_t noc_rng_below(struct noc_rng *r, uint64_t n)
{
    uint64_t lim = UINT64_MAX - UINT64_MAX % n;
    uint64_t v;
    do
        v = noc_rng_next(r);
    while (v >= lim);
    return v % n;
}

/* ---- string map */
static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    return h;
}

static uint64_t hash_u64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

void noc_strmap_init(struct noc_strmap *m) { memset(m, 0, sizeof *m); }

void noc_strmap_free(struct noc_strmap *m)
{
    for (size_t i = 0; i < m->cap; i++)
        free(m->keys[i]);
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

int noc_strmap_get(const struct noc_strmap *m, const char *key)
{
    if (!m->cap)
        return -1;
    size_t i = hash_str(key) & (m->cap - 1);
    while (m->keys[i]) {
        if (strcmp(m->keys[i], key) == 0)
            return m->vals[i];
        i = (i + 1) & (m->cap - 1);
    }
    return -1;
}

static int strmap_insert(char **keys, int *vals, size_t cap, char *key, int val)
{
    size_t i = hash_str(key) & (cap - 1);
    while (keys[i]) {
        if (strcmp(keys[i], key) == 0) {
            vals[i] = val;
            return 0;
        }
        i = (i + 1) & (cap - 1);
    }
    keys[i] = key;
    vals[i] = val;
    return 1;
}

int noc_strmap_put(struct noc_strmap *m, const char *key, int val, struct noc_ctx *ctx)
{
    if ((m->len + 1) * 2 > m->cap) {
        size_t nc = m->cap ? m->cap * 2 : 64;
        char **nk = noc_calloc(ctx, nc, sizeof *nk);
        int *nv = noc_calloc(ctx, nc, sizeof *nv);
        if (!nk || !nv) {
            free(nk);
            free(nv);
            return NOC_ENOMEM;
        }
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i])
                strmap_insert(nk, nv, nc, m->keys[i], m->vals[i]);
        free(m->keys);
        free(m->vals);
        m->keys = nk;
        m->vals = nv;
        m->cap = nc;
    }
    size_t i = hash_str(key) & (m->cap - 1);
    while (m->keys[i]) {
        if (strcmp(m->keys[i], key) == 0) {
            m->vals[i] = val;
            return NOC_OK;
        }
        i = (i + 1) & (m->cap - 1);
    }
    m->keys[i] = noc_strdup(ctx, key);
    if (!m->keys[i])
        return NOC_ENOMEM;
    m->vals[i] = val;
    m->len++;
    return NOC_OK;
}

/* ---- u64 map */
void noc_u64map_init(struct noc_u64map *m) { memset(m, 0, sizeof *m); }

void noc_u64map_free(struct noc_u64map *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

int noc_u64map_get(const struct noc_u64map *m, uint64_t key)
{
    if (!m->cap)
        return -1;
    size_t i = hash_u64(key) & (m->cap - 1);
    while (m->vals[i] >= 0) {
        if (m->keys[i] == key)
            return m->vals[i];
        i = (i + 1) & (m->cap - 1);
    }
    return -1;
}

int noc_u64map_put(struct noc_u64map *m, uint64_t key, int val, struct noc_ctx *ctx)
{
    if ((m->len + 1) * 2 > m->cap) {
        size_t nc = m->cap ? m->cap * 2 : 64;
        uint64_t *nk = noc_malloc(ctx, nc, sizeof *nk);
        int *nv = noc_malloc(ctx, nc, sizeof *nv);
        if (!nk || !nv) {
            free(nk);
            free(nv);
            return NOC_ENOMEM;
        }
        for (size_t i = 0; i < nc; i++)
            nv[i] = -1;
        for (size_t i = 0; i < m->cap; i++) {
            if (m->vals[i] < 0)
                continue;
            size_t j = hash_u64(m->keys[i]) & (nc - 1);
            while (nv[j] >= 0)
                j = (j + 1) & (nc - 1);
            nk[j] = m->keys[i];
            nv[j] = m->vals[i];
        }
        free(m->keys);
        free(m->vals);
        m->keys = nk;
        m->vals = nv;
        m->cap = nc;
    }
    size_t i = hash_u64(key) & (m->cap - 1);
    while (m->vals[i] >= 0) {
        if (m->keys[i] == key) {
            m->vals[i] = val;
            return NOC_OK;
        }
        i = (i + 1) & (m->cap - 1);
    }
    m->keys[i] = key;
    m->vals[i] = val;
    m->len++;
    return NOC_OK;
}

/* ---- files */
int noc_write_file(const char *path, const char *data, size_t len, struct noc_ctx *ctx)
{
    if (strcmp(path, "-") == 0) {
        if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0)
            return noc_error(ctx, NOC_EIO, "<stdout>", 0, "write failed");
        return NOC_OK;
    }
    size_t pl = strlen(path);
    char *tmp = noc_malloc(ctx, pl + 16, 1);
    if (!tmp)
        return NOC_ENOMEM;
    snprintf(tmp, pl + 16, "%s.tmp.%ld", path, (long)getpid());
    int rc = noc_write_temp(tmp, path, data, len, ctx);
    if (rc == NOC_OK && rename(tmp, path) != 0) {
        remove(tmp);
        rc = noc_error(ctx, NOC_EIO, path, 0, "cannot rename into place: %s", strerror(errno));
    }
    free(tmp);
    return rc;
}

int noc_write_temp(const char *tmp, const char *label, const char *data, size_t len, struct noc_ctx *ctx)
{
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return noc_error(ctx, NOC_EIO, label, 0, "cannot write: %s", strerror(errno));
    size_t w = fwrite(data, 1, len, f);
    int cerr = fclose(f);
    if (w != len || cerr != 0) {
        int e = errno;
        remove(tmp);
        return noc_error(ctx, NOC_EIO, label, 0, "write failed: %s", strerror(e));
    }
    return NOC_OK;
}

int noc_read_file(const char *path, char **data, size_t *len, struct noc_ctx *ctx)
{
    int use_stdin = strcmp(path, "-") == 0;
    FILE *f = use_stdin ? stdin : fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    int rc = NOC_OK;
    *data = NULL;
    if (len)
        *len = 0;
    if (!f)
        return noc_error(ctx, NOC_EIO, path, 0, "cannot open: %s", strerror(errno));
    for (;;) {
        if ((rc = noc_grow(ctx, (void **)&buf, &cap, n + 65537, 1)) != NOC_OK)
            goto done;
        size_t r = fread(buf + n, 1, cap - n - 1, f);
        n += r;
        if (r == 0)
            break;
    }
    if (ferror(f)) {
        rc = noc_error(ctx, NOC_EIO, path, 0, "read failed (is it a directory?)");
        goto done;
    }
    buf[n] = '\0';
    if (n == 0) {
        rc = noc_error(ctx, NOC_EINVAL, use_stdin ? "<stdin>" : path, 0, "file is empty");
        goto done;
    }
    *data = buf;
    buf = NULL;
    if (len)
        *len = n;
done:
    free(buf);
    if (!use_stdin)
        fclose(f);
    return rc;
}

int noc_read_parse(const char *path, const char *label, noc_parse_fn parse, void *obj, struct noc_ctx *ctx)
{
    char *data = NULL;
    size_t len = 0;
    int rc = noc_read_file(path, &data, &len, ctx);
    if (rc == NOC_OK)
        rc = parse(obj, data, len, label ? label : path, ctx);
    free(data);
    return rc;
}

long noc_nul_line(const char *data, size_t len)
{
    const char *nul = len ? memchr(data, '\0', len) : NULL;
    if (!nul)
        return 0;
    long at = 1;
    for (const char *p = data; p < nul; p++)
        at += *p == '\n';
    return at;
}

/* ---- string buffer */
void noc_buf_init(struct noc_buf *b) { memset(b, 0, sizeof *b); }

void noc_buf_free(struct noc_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

static int buf_reserve(struct noc_buf *b, size_t extra)
{
    if (b->failed)
        return -1;
    if (b->len + extra + 1 <= b->cap)
        return 0;
    size_t nc = b->cap ? b->cap : 256;
    while (nc < b->len + extra + 1)
        nc *= 2;
    char *d = realloc(b->data, nc);
    if (!d) {
        b->failed = 1;
        return -1;
    }
    b->data = d;
    b->cap = nc;
    return 0;
}

void noc_buf_append(struct noc_buf *b, const char *s, size_t n)
{
    if (buf_reserve(b, n) != 0)
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

/* Formats straight into the free room (one vsnprintf when it fits, the
 * usual case); else grows the buffer to the measured length and formats
 * again.  On failure nothing is appended (the text stays terminated). */
void noc_buf_printf(struct noc_buf *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    va_list ap;
    size_t room = b->data && b->cap > b->len ? b->cap - b->len : 0;
    va_start(ap, fmt);
    int n = vsnprintf(room ? b->data + b->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < room) {
        b->len += (size_t)n;
        return;
    }
    if (room)
        b->data[b->len] = '\0';
    if (n < 0 || buf_reserve(b, (size_t)n) != 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void noc_buf_xml(struct noc_buf *b, const char *s)
{
    static const struct {
        char c;
        const char *ent;
    } ents[] = {{'&', "&amp;"}, {'<', "&lt;"}, {'>', "&gt;"}, {'"', "&quot;"}, {'\'', "&apos;"}, {'\\', "&#92;"}};
    for (; s && *s; s++) {
        size_t k = 0;
        while (k < sizeof ents / sizeof ents[0] && ents[k].c != *s)
            k++;
        if (k < sizeof ents / sizeof ents[0])
            noc_buf_append(b, ents[k].ent, strlen(ents[k].ent));
        else
            noc_buf_append(b, s, 1);
    }
}

int noc_buf_status(const struct noc_buf *b, const char *what, struct noc_ctx *ctx)
{
    if (b->failed)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory writing %s", what);
    return NOC_OK;
}

/* s without leading and trailing blanks (space, tab, CR), in place. */
static char *trim_blanks(char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

int noc_kv_split(char *line, char **key, char **val)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    char *s = trim_blanks(line);
    *key = s;
    *val = NULL;
    if (!*s)
        return 0;
    char *eq = strchr(s, '=');
    if (!eq)
        return -1;
    *eq = '\0';
    *key = trim_blanks(s);
    *val = trim_blanks(eq + 1);
    return 1;
}

double noc_round_digits(double v, int digits)
{
    if (!isfinite(v) || v == 0)
        return v;
    char b[40];
    snprintf(b, sizeof b, "%.*g", digits, v);
    return strtod(b, NULL);
}

void noc_buf_num(struct noc_buf *b, double v)
{
    if (v == 0)
        v = 0; /* no "-0" */
    noc_buf_printf(b, "%.10g", v);
}
