/* nocsyn JSON writer: the one adapter for cJSON (src/core/jsonw.c is the
 * only file that includes the cJSON header).  Every JSON that nocsyn writes
 * (eval, sim, synth/compare designs, topologies, tech, app-info, and the
 * textbook calculators perm, min, dynamic, design, latency) is built with
 * it, in one of two layouts: cJSON's formatted layout (noc_json_print: tab
 * indentation, "key":<TAB>value), or the calculators' one-line layout
 * (noc_json_print_line); keys in insertion order, one trailing newline.
 *
 * Usage:
 *
 *     struct noc_json *j = noc_json_new();
 *     struct noc_json_node *o = noc_json_root(j), *a;
 *     noc_json_add_str(j, o, "name", "mesh");
 *     noc_json_add_round(j, o, "load", 0.30000000000000004, 12);  -> 0.3
 *     a = noc_json_add_array(j, o, "dims");
 *     noc_json_add_num(j, a, NULL, 4);
 *     rc = noc_json_print(j, &buf, ctx);
 *     noc_json_free(j);
 *
 * Ownership: a document (struct noc_json) owns every node in it; nodes
 * (struct noc_json_node, an object or an array) are borrowed handles, valid
 * until noc_json_free.  Strings and keys are copied.
 *
 * Errors: the add functions return nothing (or a node that may be NULL).
 * An allocation failure is remembered in the document ("sticky", like
 * struct noc_buf's `failed`); later adds into a NULL node, or with a NULL
 * document, do nothing.  noc_json_status / noc_json_print then report
 * NOC_ENOMEM with a message in ctx.  So a writer makes its calls unchecked
 * and tests the status once.
 *
 * Adding to an object: `key` names the member; adding a key the object
 * already has replaces that member's value in place (same position), so
 * writers that extend another writer's object (synth designs extend the
 * metrics) can overwrite keys; a NULL key there is a failed add.  Adding
 * to an array: `key` is ignored (pass NULL) and the value is appended.
 *
 * Numbers: noc_json_add_num stores the double as given; NaN and infinities
 * print as null, and -0 prints as -0 (pass v == 0 ? 0 : v to avoid that).
 * cJSON prints a double as "%1.15g" (so 4.0 as 4), or "%1.17g" when the
 * 15 digits read back more than DBL_EPSILON (relative) away, so 1/3 shows
 * 17 digits but 0.1 + 0.2 shows 0.3.
 * noc_json_add_round first rounds to `digits` significant digits with
 * noc_round_digits, the conventions in use: 12 for eval metrics
 * (floating-point noise of sums not reported), 6 for statistical
 * simulation results, 10 for app-info (as its text table).
 *
 * Complexity: an add to an object is O(members of that object) (the key
 * lookup); an add to an array is O(1); printing is O(output size). */
#ifndef NOCSYN_JSON_H
#define NOCSYN_JSON_H

#include "nocsyn/core.h"

struct noc_json;      /* a document being built (opaque) */
struct noc_json_node; /* an object or array inside it (opaque, borrowed) */

/* A new document whose root is an empty object; NULL when out of memory
 * (every other function accepts that NULL; status / print then report
 * it).  Free with noc_json_free.  O(1). */
struct noc_json *noc_json_new(void);
/* Frees the document and every node in it.  NULL is fine. */
void noc_json_free(struct noc_json *j);
/* The root object; NULL for a NULL document. */
struct noc_json_node *noc_json_root(struct noc_json *j);

/* A new empty object / array as member `key` of parent (or appended to
 * the array parent).  NULL when out of memory or when parent is NULL. */
struct noc_json_node *noc_json_add_object(struct noc_json *j, struct noc_json_node *parent,
                                          const char *key);
struct noc_json_node *noc_json_add_array(struct noc_json *j, struct noc_json_node *parent,
                                         const char *key);
/* A string (copied); NULL s adds null. */
void noc_json_add_str(struct noc_json *j, struct noc_json_node *parent, const char *key, const char *s);
/* A number as given (NaN / inf print as null). */
void noc_json_add_num(struct noc_json *j, struct noc_json_node *parent, const char *key, double v);
/* A number rounded to `digits` (1..17) significant digits
 * (noc_round_digits); null when v is NaN or infinite. */
void noc_json_add_round(struct noc_json *j, struct noc_json_node *parent, const char *key, double v,
                        int digits);
/* A whole number, printed exactly ("%lld", in both layouts). */
void noc_json_add_int(struct noc_json *j, struct noc_json_node *parent, const char *key, long long v);
/* true (v != 0) or false. */
void noc_json_add_bool(struct noc_json *j, struct noc_json_node *parent, const char *key, int v);
void noc_json_add_null(struct noc_json *j, struct noc_json_node *parent, const char *key);

/* NOC_OK, or NOC_ENOMEM with "out of memory writing JSON" in ctx when an
 * allocation failed (or j is NULL). */
int noc_json_status(const struct noc_json *j, struct noc_ctx *ctx);
/* Appends the formatted document and one "\n" to out.  NOC_OK, or
 * NOC_ENOMEM with a message in ctx (a failed add, the print, or out's
 * own append failing); out may then hold a partial text. */
int noc_json_print(const struct noc_json *j, struct noc_buf *out, struct noc_ctx *ctx);
/* Appends the document in the one-line layout of the textbook calculators
 * (perm, min, dynamic, design, latency: their JSON is one line) and one
 * "\n": {"key": value, ...}, [a, b], ", " between members and items, ": "
 * after a key, {} and [] when empty; numbers as noc_buf_num (%.10g, no
 * -0), whole numbers of noc_json_add_int exactly, NaN and infinities as
 * null; strings escape '"' and '\\' with a backslash and other control
 * characters as \u00XX.  Errors as noc_json_print.  O(output size). */
int noc_json_print_line(const struct noc_json *j, struct noc_buf *out, struct noc_ctx *ctx);

#endif
