/* Internal to libnocsyn: what the topology DOT writer (src/topo/dot_write.c) and
 * reader (src/topo/dot_read.c) share, owned by the topology model
 * (src/topo/dot_format.c).  The format itself is documented at the top of
 * src/topo/dot_write.c.
 */
#ifndef NOCSYN_TOPO_DOT_H
#define NOCSYN_TOPO_DOT_H

/* Diagram scale of the `pos` attribute: 100 points per mm of
 * chip (a 1 mm tile pitch gives 1.4-inch spacing in the drawing).  The
 * graph also carries inputscale=72, so plain `neato` and `neato -n` agree. */
#define NOC_DOT_PT_PER_MM 100.0

/* The tag of an enum noc_family value ("mesh", "torus", ...), or NULL when
 * out of range.  O(1). */
const char *noc_dot_family_tag(int family);
/* The enum noc_family value of a tag, or -1 when unknown.  O(families). */
int noc_dot_family_parse(const char *tag);
/* v as it reads back after being written ("%.10g"), so that every value
 * the writer derives (pos, the dir=both merge test) is the same before and
 * after a round trip.  O(1). */
double noc_dot_round(double v);

#endif
