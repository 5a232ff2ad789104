/* Internal to libnocsyn: keeping libcgraph/libgvc quiet and turning their
 * last message into one nocsyn error (used by the topology DOT reader and
 * the SVG renderer).  cgraph's error state is process-wide; these calls do
 * not make it thread-safe, they only stop it from printing.
 */
#ifndef NOCSYN_CGRAPH_ERR_H
#define NOCSYN_CGRAPH_ERR_H

#include <stddef.h>

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

#endif
