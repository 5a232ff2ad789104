/* Internal to libnocsyn: the one libcgraph adapter for reading DOT (the
 * topology reader src/topo/dot_read.c, the app reader src/app/dot.c, and
 * the SVG renderer src/emit/svg.c, which reads back the DOT it wrote before
 * laying it out with libgvc).  Only src/topo/cgraph_err.c parses, sets
 * cgraph's error level and sink, or resets its scanner; the readers walk
 * the returned graph with cgraph's accessors (agfstnode, agget, ...).
 * cgraph's error state and lexer are process-wide: these calls do not make
 * them thread-safe, they stop cgraph from printing and keep one bad input
 * from spoiling the next.
 */
#ifndef NOCSYN_CGRAPH_ERR_H
#define NOCSYN_CGRAPH_ERR_H

#include "nocsyn/core.h"

#include <stddef.h>
#include <graphviz/cgraph.h>

/* A quiet section: cgraph prints nothing, its messages are captured (the
 * first message and the first error).  begin forgets earlier messages and
 * saves cgraph's reporting state into *q; end restores it.  Sections nest
 * (the inner one forgets the outer one's messages).  O(1). */
struct noc_cgraph_quiet {
    agusererrf errf;
    agerrlevel_t level;
};
void noc_cgraph_quiet_begin(struct noc_cgraph_quiet *q);
void noc_cgraph_quiet_end(const struct noc_cgraph_quiet *q);

/* The first error of the current quiet section as one line ("syntax error
 * in line N near 'x'" becomes "syntax error near 'x'" with *line = N, else
 * *line = 0; continuation lines are kept, the caller's noc_error folds
 * them).  Returns 1 when there was one, 0 otherwise (buf then holds ""). */
int noc_cgraph_error(char *buf, size_t n, long *line);

/* Why noc_cgraph_read failed (the caller words it). */
enum noc_cgraph_why {
    NOC_CGRAPH_OK = 0,
    NOC_CGRAPH_SYNTAX,   /* cgraph's message in msg, its line in line (0 = none) */
    NOC_CGRAPH_NUL,      /* a NUL byte, on line `line` */
    NOC_CGRAPH_NOGRAPH,  /* no graph and no message (empty, comments only) */
    NOC_CGRAPH_MORE,     /* another graph follows the first, on line `line` */
    NOC_CGRAPH_TRAILING, /* other text follows the first graph, on line `line` */
    NOC_CGRAPH_NOMEM
};
struct noc_cgraph_fail {
    int why;
    long line;
    char msg[700];
};

/* Parses the first DOT graph in text[0..len) in its own quiet section.
 * Only the first graph is passed to cgraph (text after its closing brace
 * would stay in cgraph's lexer and be prepended to the next graph anyone
 * reads); anything but blanks and comments after it fails the read
 * (NOC_CGRAPH_MORE or _TRAILING), as does a cgraph error, and with flag
 * NOC_CGRAPH_WARNINGS_FAIL any cgraph warning (e.g. "syntax ambiguity - badly
 * delimited number"): the first message is then reported.  With flag
 * NOC_CGRAPH_NOT_STRICT the keyword "strict" is read as absent: parallel
 * edges stay (cgraph would keep the last one only, silently).  Returns the
 * graph (release with agclose), or NULL with *f telling why.  O(len) plus
 * cgraph's parse. */
enum { NOC_CGRAPH_WARNINGS_FAIL = 1, NOC_CGRAPH_NOT_STRICT = 2 };
Agraph_t *noc_cgraph_read(const char *text, size_t len, int flags, struct noc_cgraph_fail *f);

/* A reader's words for the failures: text[why] for each why from SYNTAX
 * to TRAILING (for SYNTAX a prefix to cgraph's message); bit `why` of
 * no_line set: the message names no line. */
struct noc_cgraph_words {
    const char *text[NOC_CGRAPH_NOMEM];
    unsigned no_line;
};
/* Records the failure f in ctx, naming label, in the words w: NOC_EINVAL,
 * or NOC_ENOMEM ("out of memory") for NOC_CGRAPH_NOMEM.  Returns the
 * status.  O(1). */
int noc_cgraph_fail_error(const struct noc_cgraph_fail *f, const struct noc_cgraph_words *w, const char *label,
                          struct noc_ctx *ctx);

/* Where things are in the DOT text, for messages: cgraph keeps no line
 * numbers on its objects and gives '%' ids another name, so the readers
 * look the user's own text up in this lexical index of the tokens (IDs with
 * their quotes removed, edge operators, punctuation, each with its line).
 * build returns 0, or -1 out of memory (w then empty); free releases it.
 * O(len) to build; each look-up O(tokens). */
struct noc_dot_tok {
    char *text; /* IDs only */
    long line;
    int kind;
    char punct;
};
struct noc_dot_where {
    struct noc_dot_tok *tok;
    int n, cap;
    long strict_at; /* offset of a leading "strict" keyword, -1 when none */
};
int noc_dot_where_build(struct noc_dot_where *w, const char *text, size_t len);
void noc_dot_where_free(struct noc_dot_where *w);
/* The line of the statement that sets attr (NULL: any) on node `name`
 * ("name [attr=...]"), else of the node's first mention; 0 when not found. */
long noc_dot_where_node(const struct noc_dot_where *w, const char *name, const char *attr);
/* The line of the first edge "tail -> head" (either way when !directed),
 * else of tail's first mention; 0 when not found. */
long noc_dot_where_edge(const struct noc_dot_where *w, const char *tail, const char *head, int directed);
/* The line of the last "key = value"; 0 when none. */
long noc_dot_where_key(const struct noc_dot_where *w, const char *key);
/* The first node id that starts with '%' as the user wrote it (cgraph
 * would rename it), with its line in *line; NULL when none. */
const char *noc_dot_where_percent(const struct noc_dot_where *w, long *line);
/* After a failed call (rc) whose message names label without a line
 * ("LABEL: ...") or not at all, makes it "LABEL:LINE: ..." (line > 0);
 * a message with a line already stays.  Returns rc.  O(message). */
int noc_dot_error_at(struct noc_ctx *ctx, const char *label, long line, int rc);
#endif
