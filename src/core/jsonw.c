/* The JSON writer (include/nocsyn/json.h): the only user of cJSON.  A node
 * handle is the cJSON item itself; the document adds the sticky failure
 * flag that cJSON lacks (it drops an item it could not allocate). */
#include "nocsyn/json.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct noc_json {
    cJSON *root;
    int failed; /* an allocation failed: the tree lacks something */
};

static cJSON *item(struct noc_json_node *n)
{
    return (cJSON *)(void *)n;
}

struct noc_json *noc_json_new(void)
{
    struct noc_json *j = malloc(sizeof *j);
    if (!j)
        return NULL;
    j->failed = 0;
    if (!(j->root = cJSON_CreateObject())) {
        free(j);
        return NULL;
    }
    return j;
}

void noc_json_free(struct noc_json *j)
{
    if (!j)
        return;
    cJSON_Delete(j->root);
    free(j);
}

struct noc_json_node *noc_json_root(struct noc_json *j)
{
    return j ? (struct noc_json_node *)(void *)j->root : NULL;
}

/* Puts v (owned) into parent: appended to an array; set as member `key` of
 * an object, replacing a member of that name in place.  v is freed and the
 * document marked failed when v is NULL or it cannot be attached.  Returns
 * v or NULL. */
static cJSON *put(struct noc_json *j, struct noc_json_node *parent, const char *key, cJSON *v)
{
    cJSON *p = item(parent);
    int ok;
    if (!j || !p) { /* the failure that made them NULL is already recorded */
        cJSON_Delete(v);
        return NULL;
    }
    if (!v)
        ok = 0;
    else if (cJSON_IsArray(p))
        ok = cJSON_AddItemToArray(p, v);
    else if (key && cJSON_GetObjectItemCaseSensitive(p, key))
        ok = cJSON_ReplaceItemInObjectCaseSensitive(p, key, v);
    else
        ok = key && cJSON_AddItemToObject(p, key, v);
    if (!ok) {
        cJSON_Delete(v);
        j->failed = 1;
        return NULL;
    }
    return v;
}

struct noc_json_node *noc_json_add_object(struct noc_json *j, struct noc_json_node *parent,
                                          const char *key)
{
    return (struct noc_json_node *)(void *)put(j, parent, key, cJSON_CreateObject());
}

struct noc_json_node *noc_json_add_array(struct noc_json *j, struct noc_json_node *parent,
                                         const char *key)
{
    return (struct noc_json_node *)(void *)put(j, parent, key, cJSON_CreateArray());
}

void noc_json_add_str(struct noc_json *j, struct noc_json_node *parent, const char *key, const char *s)
{
    put(j, parent, key, s ? cJSON_CreateString(s) : cJSON_CreateNull());
}

void noc_json_add_num(struct noc_json *j, struct noc_json_node *parent, const char *key, double v)
{
    put(j, parent, key, isfinite(v) ? cJSON_CreateNumber(v) : cJSON_CreateNull());
}

void noc_json_add_round(struct noc_json *j, struct noc_json_node *parent, const char *key, double v,
                        int digits)
{
    noc_json_add_num(j, parent, key, noc_round_digits(v, digits));
}

void noc_json_add_int(struct noc_json *j, struct noc_json_node *parent, const char *key, long long v)
{
    char text[32];
    snprintf(text, sizeof text, "%lld", v);
    put(j, parent, key, cJSON_CreateRaw(text));
}

void noc_json_add_bool(struct noc_json *j, struct noc_json_node *parent, const char *key, int v)
{
    put(j, parent, key, cJSON_CreateBool(v != 0));
}

void noc_json_add_null(struct noc_json *j, struct noc_json_node *parent, const char *key)
{
    put(j, parent, key, cJSON_CreateNull());
}

int noc_json_status(const struct noc_json *j, struct noc_ctx *ctx)
{
    if (!j || j->failed)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory writing JSON");
    return NOC_OK;
}

int noc_json_print(const struct noc_json *j, struct noc_buf *out, struct noc_ctx *ctx)
{
    char *text = NULL;
    int rc = noc_json_status(j, ctx);
    if (rc != NOC_OK)
        goto cleanup;
    if (!(text = cJSON_Print(j->root))) {
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory writing JSON");
        goto cleanup;
    }
    noc_buf_append(out, text, strlen(text));
    noc_buf_append(out, "\n", 1);
    rc = noc_buf_status(out, "JSON", ctx);
cleanup:
    free(text);
    return rc;
}

/* ---- the one-line layout (json.h: noc_json_print_line) */

static void line_str(struct noc_buf *b, const char *s)
{
    noc_buf_append(b, "\"", 1);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            noc_buf_printf(b, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            noc_buf_printf(b, "\\u%04x", (unsigned char)*s);
        else
            noc_buf_append(b, s, 1);
    }
    noc_buf_append(b, "\"", 1);
}

static void line_value(struct noc_buf *b, const cJSON *v)
{
    if (cJSON_IsObject(v) || cJSON_IsArray(v)) {
        int obj = cJSON_IsObject(v);
        noc_buf_append(b, obj ? "{" : "[", 1);
        for (const cJSON *c = v->child; c; c = c->next) {
            if (c != v->child)
                noc_buf_append(b, ", ", 2);
            if (obj) {
                line_str(b, c->string);
                noc_buf_append(b, ": ", 2);
            }
            line_value(b, c);
        }
        noc_buf_append(b, obj ? "}" : "]", 1);
    } else if (cJSON_IsString(v))
        line_str(b, v->valuestring);
    else if (cJSON_IsRaw(v))
        noc_buf_append(b, v->valuestring, strlen(v->valuestring));
    else if (cJSON_IsNumber(v) && isfinite(v->valuedouble))
        noc_buf_num(b, v->valuedouble);
    else if (cJSON_IsTrue(v))
        noc_buf_append(b, "true", 4);
    else if (cJSON_IsFalse(v))
        noc_buf_append(b, "false", 5);
    else
        noc_buf_append(b, "null", 4);
}

int noc_json_print_line(const struct noc_json *j, struct noc_buf *out, struct noc_ctx *ctx)
{
    int rc = noc_json_status(j, ctx);
    if (rc != NOC_OK)
        return rc;
    line_value(out, j->root);
    noc_buf_append(out, "\n", 1);
    return noc_buf_status(out, "JSON", ctx);
}

