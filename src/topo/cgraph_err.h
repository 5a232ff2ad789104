/* Internal to libnocsyn: reading DOT with libcgraph safely and quietly
 * (used by the topology DOT reader and the SVG renderer).  cgraph's error
 * state and lexer are process-wide; these calls do not make them
 * thread-safe, they stop cgraph from printing and keep one bad input from
 * spoiling the next.
 */
#ifndef NOCSYN_CGRAPH_ERR_H
#define NOCSYN_CGRAPH_ERR_H

#include <stddef.h>
#include <graphviz/cgraph.h>

/* Stops cgraph from printing (messages are kept instead) and forgets
 * earlier errors.  Returns the previous reporting level for
 * noc_cgraph_quiet_end.  O(1). */
int noc_cgraph_quiet_begin(void);
/* Restores the reporting level returned by noc_cgraph_quiet_begin. */
void noc_cgraph_quiet_end(int old_level);
/* Copies cgraph's last error since noc_cgraph_quiet_begin into buf (one
 * line; "syntax error in line N near 'x'" becomes "syntax error near 'x'"
 * with *line = N, else *line = 0).  Returns 1 when there was an error
 * message, 0 otherwise (buf then holds ""). */
int noc_cgraph_last_error(char *buf, size_t n, long *line);

/* Parses the DOT graph in text[0..len) with agmemread (call between
 * quiet_begin/quiet_end).  Only the first graph is passed to cgraph: text
 * after its closing brace other than blanks and comments is an error here,
 * because cgraph would keep it in its lexer and prepend it to the next
 * graph anyone reads.  A NUL byte is an error too.  Returns the graph
 * (release with agclose), or NULL with a one-line message in msg ("DOT
 * syntax error near 'x'", ...) and its line in *line (0 = none).
 * O(len) plus cgraph's parse. */
Agraph_t *noc_cgraph_read(const char *text, size_t len, char *msg, size_t n, long *line);

#endif
