/* Internal to src/app/: a row reader on top of libcsv shared by the app CSV
 * reader (csv.c) and the floorplan reader (floorplan.c).
 *
 * It adds what libcsv lacks and both formats need: line numbers (the physical
 * line a record starts on, counting LF, CRLF and lone CR), `#` comment lines
 * and blank lines between records, a leading UTF-8 byte-order mark, strict
 * quoting errors with their line, and a refusal of NUL bytes.  Fields are
 * handed over NUL-terminated; unquoted fields are trimmed of spaces and tabs
 * (libcsv), quoted ones are kept byte for byte.
 */
#ifndef NOCSYN_APP_CSV_ROWS_H
#define NOCSYN_APP_CSV_ROWS_H

#include <stddef.h>

#include "nocsyn/core.h"

/* At most this many fields of a row are handed over; `nfields` still counts
 * them all, so a caller can report "7 fields, expected 3". */
#define NOC_CSV_MAXF 16

/* One record.  `field[i]` (i < min(nfields, NOC_CSV_MAXF)) is valid only
 * during the callback. */
struct noc_csv_row {
    const char *label; /* file name for messages */
    long line;         /* physical line the record starts on, from 1 */
    long index;        /* 0 for the first record (the header), then 1, 2, ... */
    int nfields;
    const char *field[NOC_CSV_MAXF];
};

/* Called once per record; returns NOC_OK to go on, or a status (with the
 * message already in ctx) to stop the whole read. */
typedef int (*noc_csv_row_fn)(void *ud, const struct noc_csv_row *row, struct noc_ctx *ctx);

/* Feeds data[0..len) through libcsv (CSV_STRICT | CSV_STRICT_FINI |
 * CSV_APPEND_NULL) and calls fn for every record.  Returns NOC_OK, the first
 * status fn returned, NOC_EINVAL for malformed quoting or a NUL byte
 * ("LABEL:LINE: ..."), or NOC_ENOMEM.  Returns the number of records seen in
 * *nrows when nrows is not NULL.  Memory: one record's fields at a time.
 * O(len). */
int noc_csv_rows(const char *data, size_t len, const char *label, noc_csv_row_fn fn,
                 void *ud, long *nrows, struct noc_ctx *ctx);

/* noc_csv_rows over a file whose first record is the header `header`
 * (quoted in the message): also NOC_EINVAL "LABEL:1: empty file: expected
 * the header line HEADER" (or "no header (only blank or comment lines)")
 * when the data hold no record.  O(len). */
int noc_csv_read_table(const char *data, size_t len, const char *label, noc_csv_row_fn fn,
                       void *ud, const char *header, struct noc_ctx *ctx);

/* Maps the header row onto column ids: names[k] is the k-th known column
 * name; on return col[k] is its field index or -1 when absent.  Unknown,
 * empty or repeated names are NOC_EINVAL naming the column and the line.
 * `expect` is quoted in messages (e.g. "src,dst,bandwidth_mbps"). */
int noc_csv_header(const struct noc_csv_row *row, const char *const *names, int nnames,
                   int *col, const char *expect, struct noc_ctx *ctx);

/* The longest name (core, node) an input file may give, in bytes: far more
 * than any design needs, small enough that no emitted file grows with a
 * hostile name (a 10 MB name once made a 1.29 GB DEF). */
#define NOC_NAME_MAX 256

/* Checks a core or node name taken from an input file: non-empty, at most
 * NOC_NAME_MAX bytes, valid UTF-8, no control characters, no leading '%'
 * (Graphviz's anonymous ids), no trailing backslash (DOT cannot quote one).
 * NOC_OK or NOC_EINVAL "LABEL:LINE: WHAT ...". */
int noc_check_name(const char *name, const char *what, const char *label, long line,
                   struct noc_ctx *ctx);
/* The rules of noc_check_name that hold for every name read (the topology
 * reader's: its writer can quote a trailing backslash): non-empty, at most
 * NOC_NAME_MAX bytes, valid UTF-8, no control characters. */
int noc_check_text_name(const char *name, const char *what, const char *label, long line,
                        struct noc_ctx *ctx);

/* Parses a number field that must be finite; `what` names it in messages.
 * NOC_OK or NOC_EINVAL ("LABEL:LINE: WHAT 'x' is not a number" or "... is
 * not finite").  The sign is the caller's to check. */
int noc_csv_number(const char *s, const char *what, const char *label, long line,
                   double *out, struct noc_ctx *ctx);

/* The largest bandwidth a flow may have, MB/s (10^15 MB/s = 1 ZB/s: far
 * beyond any chip, small enough that no sum over 2^31 flows overflows). */
#define NOC_APP_BW_MAX 1e15

/* Checks a parsed flow bandwidth: > 0 and <= NOC_APP_BW_MAX.  `what` names
 * the value and `text` is the field as written (for the message).  NOC_OK
 * or NOC_EINVAL. */
int noc_check_bw(double bw, const char *what, const char *text, const char *label, long line,
                 struct noc_ctx *ctx);

#endif
