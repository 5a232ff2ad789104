/* Names read from input files: the rule every reader shares (core.h). */
#include <string.h>

#include "nocsyn/core.h"

/* Length of the UTF-8 sequence at s, or 0 when it is not valid UTF-8
 * (overlong forms, surrogates and code points past U+10FFFF included). */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t n;
    unsigned cp;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

int noc_check_text_name(const char *name, const char *what, const char *label, long line,
                        struct noc_ctx *ctx)
{
    if (!name || !*name)
        return noc_error(ctx, NOC_EINVAL, label, line, "empty %s name", what);
    if (strlen(name) > NOC_NAME_MAX)
        return noc_error(ctx, NOC_EINVAL, label, line, "%s name '%.40s...' is longer than %d bytes", what, name,
                         NOC_NAME_MAX);
    const unsigned char *s = (const unsigned char *)name;
    while (*s) {
        if (*s < 0x20 || *s == 0x7f)
            return noc_error(ctx, NOC_EINVAL, label, line,
                             "%s name contains a control character (byte 0x%02x)", what, *s);
        size_t n = utf8_len(s);
        if (!n)
            return noc_error(ctx, NOC_EINVAL, label, line, "%s name is not valid UTF-8", what);
        s += n;
    }
    return NOC_OK;
}
