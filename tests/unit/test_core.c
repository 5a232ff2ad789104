/* Unit tests: the core thread pool (noc_pool_run, noc_pool_threads) and
 * NOC_CHECK.  The expected values follow from the contracts in core.h: each
 * item exactly once, worker indices below the worker count, done() in item
 * order when ordered, the lowest failing item's status and message; a
 * NOC_CHECK evaluates once and jumps to cleanup on the first failure;
 * noc_round_digits gives what printf's %.Ng shows; noc_kv_split's cases. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "nocsyn/core.h"

#define NI 1000

struct probe {
    int nthreads;
    int runs[NI];       /* run() calls per item */
    int worker[NI];     /* the worker that ran the item */
    int done_seq[NI];   /* items in done() call order */
    int done_status[NI];
    int ndone;
    int leaves[NOC_POOL_MAX];
    atomic_int active, max_active, nleave;
    int fail_a, fail_b; /* items that fail (-1: none) */
    int silent;         /* failures set no message */
};

static int probe_run(void *arg, int item, int worker, struct noc_ctx *wctx)
{
    struct probe *p = arg;
    int a = atomic_fetch_add(&p->active, 1) + 1;
    int m = atomic_load(&p->max_active);
    while (a > m && !atomic_compare_exchange_weak(&p->max_active, &m, a))
        ;
    p->runs[item]++;
    p->worker[item] = worker;
    /* Some work so that the workers overlap. */
    volatile double x = 0;
    for (int k = 0; k < 2000; k++)
        x += k * 0.5;
    atomic_fetch_sub(&p->active, 1);
    if (item == p->fail_a)
        return p->silent ? NOC_ELIMIT : noc_error(wctx, NOC_EINFEASIBLE, NULL, 0, "item %d failed", item);
    if (item == p->fail_b)
        return noc_error(wctx, NOC_EINVAL, NULL, 0, "item %d failed", item);
    return NOC_OK;
}

static void probe_done(void *arg, int item, int worker, int status)
{
    struct probe *p = arg;
    p->done_status[p->ndone] = status;
    p->done_seq[p->ndone++] = item; /* done() calls are serialised */
}

static void probe_leave(void *arg, int worker)
{
    struct probe *p = arg;
    atomic_fetch_add(&p->nleave, 1);
    p->leaves[worker]++;
}

static void probe_init(struct probe *p, int nthreads)
{
    memset(p, 0, sizeof *p);
    p->nthreads = nthreads;
    p->fail_a = p->fail_b = -1;
}

static int run_probe(struct probe *p, int nitems, int ordered, struct noc_ctx *ctx)
{
    struct noc_pool_job job = {.nitems = nitems, .nthreads = p->nthreads, .ordered = ordered, .arg = p,
                               .run = probe_run, .done = probe_done, .leave = probe_leave};
    noc_ctx_init(ctx);
    return noc_pool_run(&job, ctx);
}

/* Every item once, workers in 0..T-1, at most T at once, done() in item
 * order with status OK, leave() once per worker that ran. */
static void test_pool_each_item_once(void **state)
{
    static const int threads[] = {1, 2, 3, 8, 300};
    for (int ti = 0; ti < 5; ti++) {
        static struct probe p;
        struct noc_ctx ctx;
        probe_init(&p, threads[ti]);
        int T = threads[ti] > NOC_POOL_MAX ? NOC_POOL_MAX : threads[ti];
        assert_int_equal(run_probe(&p, NI, 1, &ctx), NOC_OK);
        assert_int_equal(ctx.status, NOC_OK);
        for (int i = 0; i < NI; i++) {
            assert_int_equal(p.runs[i], 1);
            assert_in_range(p.worker[i], 0, T - 1);
            assert_int_equal(p.done_seq[i], i);
            assert_int_equal(p.done_status[i], NOC_OK);
        }
        assert_int_equal(p.ndone, NI);
        assert_in_range(atomic_load(&p.max_active), 1, T);
        assert_in_range(atomic_load(&p.nleave), 1, T);
        for (int w = 0; w < NOC_POOL_MAX; w++)
            assert_in_range(p.leaves[w], 0, 1);
        assert_int_equal(p.leaves[0], 1); /* the calling thread is worker 0 */
    }
}

/* Unordered: done() still once per item (any order). */
static void test_pool_unordered_done(void **state)
{
    static struct probe p;
    struct noc_ctx ctx;
    probe_init(&p, 4);
    assert_int_equal(run_probe(&p, NI, 0, &ctx), NOC_OK);
    assert_int_equal(p.ndone, NI);
    int seen[NI] = {0};
    for (int i = 0; i < NI; i++)
        seen[p.done_seq[i]]++;
    for (int i = 0; i < NI; i++)
        assert_int_equal(seen[i], 1);
}

/* Items 37 (EINFEASIBLE) and 80 (EINVAL) fail: the caller gets item 37's
 * status and message whatever the thread count; every item below 37 ran
 * once (handed out before 37), none twice. */
static void test_pool_error_reaches_caller(void **state)
{
    static const int threads[] = {1, 2, 4, 8};
    for (int ti = 0; ti < 4; ti++) {
        for (int ordered = 0; ordered < 2; ordered++) {
            static struct probe p;
            struct noc_ctx ctx;
            probe_init(&p, threads[ti]);
            p.fail_a = 37;
            p.fail_b = 80;
            assert_int_equal(run_probe(&p, NI, ordered, &ctx), NOC_EINFEASIBLE);
            assert_int_equal(ctx.status, NOC_EINFEASIBLE);
            assert_string_equal(ctx.msg, "item 37 failed");
            for (int i = 0; i < NI; i++)
                assert_in_range(p.runs[i], i <= 37 ? 1 : 0, 1);
            /* The failing item was reported to done() with its status. */
            int found = 0;
            for (int k = 0; k < p.ndone; k++)
                if (p.done_seq[k] == 37) {
                    assert_int_equal(p.done_status[k], NOC_EINFEASIBLE);
                    found++;
                }
            assert_int_equal(found, 1);
        }
    }
}

/* A failure without a message: the status's description (noc_strerror). */
static void test_pool_error_without_message(void **state)
{
    static const int threads[] = {1, 3};
    for (int ti = 0; ti < 2; ti++) {
        static struct probe p;
        struct noc_ctx ctx;
        probe_init(&p, threads[ti]);
        p.fail_a = 5;
        p.silent = 1;
        assert_int_equal(run_probe(&p, 50, 1, &ctx), NOC_ELIMIT);
        assert_int_equal(ctx.status, NOC_ELIMIT);
        assert_string_equal(ctx.msg, noc_strerror(NOC_ELIMIT));
    }
}

/* No items: OK, nothing run.  No run(): NOC_EINTERNAL. */
static void test_pool_edges(void **state)
{
    static struct probe p;
    struct noc_ctx ctx;
    probe_init(&p, 4);
    assert_int_equal(run_probe(&p, 0, 1, &ctx), NOC_OK);
    assert_int_equal(p.ndone, 0);
    struct noc_pool_job job = {.nitems = 3};
    noc_ctx_init(&ctx);
    assert_int_equal(noc_pool_run(&job, &ctx), NOC_EINTERNAL);
}

static void test_pool_threads(void **state)
{
    assert_int_equal(noc_pool_threads(3, 10), 3);
    assert_int_equal(noc_pool_threads(20, 10), 10);
    assert_int_equal(noc_pool_threads(1000, 100000), NOC_POOL_MAX);
    assert_int_equal(noc_pool_threads(0, 1), 1);
    assert_int_equal(noc_pool_threads(-1, 0), 1);
    assert_in_range(noc_pool_threads(0, 100000), 1, NOC_POOL_MAX);
}

/* NOC_CHECK: steps[] are statuses; counts the evaluations and the steps
 * after the checks that ran, and whether cleanup ran. */
static int calls, after, cleaned;

static int step(int status)
{
    calls++;
    return status;
}

static int checked(const int *steps)
{
    int rc = NOC_OK;
    NOC_CHECK(step(steps[0]));
    after++;
    NOC_CHECK(step(steps[1]));
    after++;
    NOC_CHECK(step(steps[2]));
    after++;
cleanup:
    cleaned++;
    return rc;
}

static void test_check_macro(void **state)
{
    static const int ok[3] = {NOC_OK, NOC_OK, NOC_OK};
    static const int second[3] = {NOC_OK, NOC_EIO, NOC_EINVAL};
    static const int first[3] = {NOC_ELIMIT, NOC_OK, NOC_OK};
    calls = after = cleaned = 0;
    assert_int_equal(checked(ok), NOC_OK);
    assert_int_equal(calls, 3); /* each expression evaluated once */
    assert_int_equal(after, 3);
    assert_int_equal(cleaned, 1);
    calls = after = cleaned = 0;
    assert_int_equal(checked(second), NOC_EIO); /* the first failure, not the third step's */
    assert_int_equal(calls, 2);
    assert_int_equal(after, 1);
    assert_int_equal(cleaned, 1);
    calls = after = cleaned = 0;
    assert_int_equal(checked(first), NOC_ELIMIT);
    assert_int_equal(calls, 1);
    assert_int_equal(after, 0);
    assert_int_equal(cleaned, 1);
    /* As the body of an if/else without braces (the do-while form). */
    int rc = NOC_OK;
    if (calls == 1)
        NOC_CHECK(step(NOC_OK));
    else
        NOC_CHECK(step(NOC_EIO));
    assert_int_equal(calls, 2);
cleanup:
    assert_int_equal(rc, NOC_OK);
}

/* noc_round_digits: the value %.Ng prints (worked by hand). */
static void test_round_digits(void **state)
{
    assert_true(noc_round_digits(4.0000000000000009, 12) == 4.0);
    assert_true(noc_round_digits(0.1 + 0.2, 12) == 0.3); /* 0.30000000000000004 */
    assert_true(noc_round_digits(1234.5678, 6) == 1234.57);
    assert_true(noc_round_digits(-1234.5678, 2) == -1200.0);
    assert_true(noc_round_digits(123456789.0, 3) == 1.23e8);
    assert_true(noc_round_digits(0.000123456, 2) == 0.00012);
    assert_true(noc_round_digits(0.0, 6) == 0.0);
    assert_true(isnan(noc_round_digits(NAN, 6)));
    assert_true(noc_round_digits(INFINITY, 6) == INFINITY);
    assert_true(noc_round_digits(-INFINITY, 6) == -INFINITY);
}

/* noc_kv_split: comment, blanks, key/value, no '=' (cases by hand). */
static void test_kv_split(void **state)
{
    char *k, *v;
    char l1[] = "  freq_mhz =  1000 \r";
    assert_int_equal(noc_kv_split(l1, &k, &v), 1);
    assert_string_equal(k, "freq_mhz");
    assert_string_equal(v, "1000");
    char l2[] = "\t# only a comment = 3";
    assert_int_equal(noc_kv_split(l2, &k, &v), 0);
    char l3[] = " \t\r";
    assert_int_equal(noc_kv_split(l3, &k, &v), 0);
    char l4[] = "app = a.csv # the app";
    assert_int_equal(noc_kv_split(l4, &k, &v), 1);
    assert_string_equal(k, "app");
    assert_string_equal(v, "a.csv");
    char l5[] = "  no equals sign  ";
    assert_int_equal(noc_kv_split(l5, &k, &v), -1);
    assert_string_equal(k, "no equals sign");
    char l6[] = "seed =";
    assert_int_equal(noc_kv_split(l6, &k, &v), 1);
    assert_string_equal(k, "seed");
    assert_string_equal(v, "");
    char l7[] = "a = b = c"; /* the first '=' splits */
    assert_int_equal(noc_kv_split(l7, &k, &v), 1);
    assert_string_equal(k, "a");
    assert_string_equal(v, "b = c");
}

/* noc_nul_line, worked by hand: no NUL -> 0; a NUL at offset 0 -> line 1;
 * "a\nb\n\0" has two newlines before its NUL -> line 3; a NUL past len
 * is not looked at. */
static void test_nul_line(void **state)
{
    (void)state;
    assert_int_equal(noc_nul_line("abc\n", 4), 0);
    assert_int_equal(noc_nul_line("", 0), 0);
    assert_int_equal(noc_nul_line("\0x", 2), 1);
    assert_int_equal(noc_nul_line("a\nb\n\0c\n\0", 8), 3);
    assert_int_equal(noc_nul_line("ab\ncd", 5), 0); /* its terminating NUL is at len */
    assert_int_equal(noc_nul_line("ab\ncd\0", 6), 2);
}

/* A parse callback that records what it was handed. */
struct seen {
    char text[32];
    size_t len;
    char label[64];
    int calls;
};
static int record_parse(void *obj, const char *data, size_t len, const char *label, struct noc_ctx *ctx)
{
    struct seen *s = obj;
    s->calls++;
    s->len = len;
    snprintf(s->text, sizeof s->text, "%s", data);
    snprintf(s->label, sizeof s->label, "%s", label);
    return strcmp(data, "bad\n") ? NOC_OK : noc_error(ctx, NOC_EINVAL, label, 1, "bad");
}

/* noc_read_parse hands the file's bytes and the label (the path when
 * NULL) to the parser and returns its status; a missing file never calls
 * it (NOC_EIO). */
static void test_read_parse(void **state)
{
    (void)state;
    char path[] = "/tmp/nocsyn-test-readparse-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("two\nlines\n", f);
    fclose(f);
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct seen s = {0};
    assert_int_equal(noc_read_parse(path, NULL, record_parse, &s, &ctx), NOC_OK);
    assert_int_equal(s.calls, 1);
    assert_int_equal(s.len, 10);
    assert_string_equal(s.text, "two\nlines\n");
    assert_string_equal(s.label, path);
    assert_int_equal(noc_read_parse(path, "shown", record_parse, &s, &ctx), NOC_OK);
    assert_string_equal(s.label, "shown");
    f = fopen(path, "w");
    fputs("bad\n", f);
    fclose(f);
    assert_int_equal(noc_read_parse(path, "x.txt", record_parse, &s, &ctx), NOC_EINVAL);
    assert_int_equal(s.calls, 3);
    assert_non_null(strstr(ctx.msg, "x.txt:1"));
    remove(path);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_read_parse(path, NULL, record_parse, &s, &ctx), NOC_EIO);
    assert_int_equal(s.calls, 3);
}

/* noc_buf_printf formats into the free room when the text fits and grows
 * the buffer when it does not: 3000 appends of 0 to 299 characters (every
 * length once around each capacity boundary: 256, 512, ...), mixed with
 * noc_buf_append, give exactly the text snprintf writes into one large
 * array, NUL-terminated at len after every call. */
static void test_buf_printf(void **state)
{
    (void)state;
    static char want[3000 * 310], piece[310];
    size_t wl = 0;
    struct noc_buf b;
    noc_buf_init(&b);
    struct noc_rng rng;
    noc_rng_seed(&rng, 5);
    for (int i = 0; i < 3000; i++) {
        int len = (int)noc_rng_below(&rng, 300), x = (int)noc_rng_below(&rng, 1000);
        memset(piece, 'a' + i % 26, (size_t)len);
        piece[len] = '\0';
        if (i % 7 == 3) {
            noc_buf_append(&b, piece, (size_t)len);
            memcpy(want + wl, piece, (size_t)len);
            wl += (size_t)len;
        } else {
            noc_buf_printf(&b, "%s<%d>", piece, x);
            wl += (size_t)snprintf(want + wl, sizeof want - wl, "%s<%d>", piece, x);
        }
        assert_int_equal(b.len, wl);
        assert_int_equal(b.data[b.len], '\0');
    }
    assert_memory_equal(b.data, want, wl);
    b.len = 0; /* reuse, as the emitters do */
    noc_buf_printf(&b, "%d", 42);
    assert_string_equal(b.data, "42");
    noc_buf_free(&b);
    /* A text one shorter than, as long as and one longer than the free
     * room (the first buffer is 256 bytes: 1 + 254 + NUL fills it; then
     * 300 + 211 + NUL fills 512). */
    for (int pre = 1; pre <= 300; pre += 299)
        for (int d = -1; d <= 1; d++) {
            size_t room = (pre == 1 ? 256 : 512) - (size_t)pre - 1, n = room + (size_t)d;
            noc_buf_init(&b);
            memset(want, 'p', (size_t)pre);
            noc_buf_append(&b, want, (size_t)pre);
            memset(piece, 'q', sizeof piece - 1);
            piece[n - 2] = '\0';
            noc_buf_printf(&b, "%s%d", piece, 77); /* n characters */
            memcpy(want + pre, piece, n - 2);
            memcpy(want + pre + n - 2, "77", 3);
            assert_int_equal(b.len, (size_t)pre + n);
            assert_string_equal(b.data, want);
            noc_buf_free(&b);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pool_each_item_once),
        cmocka_unit_test(test_pool_unordered_done),
        cmocka_unit_test(test_pool_error_reaches_caller),
        cmocka_unit_test(test_pool_error_without_message),
        cmocka_unit_test(test_pool_edges),
        cmocka_unit_test(test_pool_threads),
        cmocka_unit_test(test_check_macro),
        cmocka_unit_test(test_round_digits),
        cmocka_unit_test(test_kv_split),
        cmocka_unit_test(test_nul_line),
        cmocka_unit_test(test_read_parse),
        cmocka_unit_test(test_buf_printf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
