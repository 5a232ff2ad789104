/* Quiet libcgraph and capture its last message (see cgraph_err.h). */
#include "cgraph_err.h"

#include <graphviz/cgraph.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int noc_cgraph_quiet_begin(void)
{
    int old = (int)agseterr(AGMAX);
    agreseterrors();
    return old;
}

void noc_cgraph_quiet_end(int old_level)
{
    agseterr((agerrlevel_t)old_level);
}

int noc_cgraph_last_error(char *buf, size_t n, long *line)
{
    *line = 0;
    if (n)
        buf[0] = '\0';
    if (agerrors() < AGERR || n == 0)
        return 0;
    char *m = aglasterr();
    if (!m)
        return 0;
    /* One line, no trailing blanks. */
    m[strcspn(m, "\r\n")] = '\0';
    size_t len = strlen(m);
    while (len && (m[len - 1] == ' ' || m[len - 1] == '\t'))
        m[--len] = '\0';
    const char *in = strstr(m, " in line ");
    if (in) {
        char *end = NULL;
        long l = strtol(in + 9, &end, 10);
        if (end != in + 9 && l > 0) {
            *line = l;
            snprintf(buf, n, "%.*s%s", (int)(in - m), m, end);
            free(m);
            return 1;
        }
    }
    snprintf(buf, n, "%s", m);
    free(m);
    return 1;
}
