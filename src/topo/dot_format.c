/* The topology DOT format's shared facts (src/topo/topo_dot.h): the
 * family_class tags and the number rounding that the reader
 * (src/topo/dot_read.c, dot_attrs.c) and the writer (src/topo/dot_write.c, whose
 * header comment documents the format) must agree on. */
#include "topo_dot.h"
#include "nocsyn/topo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    int family;
    const char *tag;
} family_tags[] = {
    {NOC_FAM_NONE, "none"},       {NOC_FAM_MESH, "mesh"},       {NOC_FAM_TORUS, "torus"},
    {NOC_FAM_HYPERCUBE, "hypercube"}, {NOC_FAM_FLATFLY, "flatfly"}, {NOC_FAM_BUTTERFLY, "butterfly"},
    {NOC_FAM_OMEGA, "omega"},     {NOC_FAM_CUBE, "cube"},       {NOC_FAM_CLOS, "clos"},
    {NOC_FAM_FATTREE, "fattree"}, {NOC_FAM_RING, "ring"},       {NOC_FAM_OTHER, "other"},
};
#define NFAMILY_TAGS (int)(sizeof family_tags / sizeof family_tags[0])

const char *noc_dot_family_tag(int family)
{
    for (int i = 0; i < NFAMILY_TAGS; i++)
        if (family_tags[i].family == family)
            return family_tags[i].tag;
    return NULL;
}

int noc_dot_family_parse(const char *tag)
{
    for (int i = 0; i < NFAMILY_TAGS; i++)
        if (!strcmp(family_tags[i].tag, tag))
            return family_tags[i].family;
    return -1;
}

double noc_dot_round(double v)
{
    char s[40];
    snprintf(s, sizeof s, "%.10g", v);
    return strtod(s, NULL);
}
