#include "expo_picture.h"

#include <malloc.h>
#include <string.h>
#include <sys/resource.h>
#include <vips/vips.h>

static char last_error[1024];

static void keep_error(void) {
    const char *buffer = vips_error_buffer();
    strncpy(last_error, buffer && *buffer ? buffer : "libvips gave no reason", sizeof last_error - 1);
    last_error[sizeof last_error - 1] = 0;
    /* One line: libvips ends each message with a newline. */
    for (char *c = last_error; *c; c++) if (*c == '\n') *c = (c[1] ? ' ' : 0);
    vips_error_clear();
}

const char *expo_picture_error(void) { return last_error; }

/* libvips's warnings ("error in tile 0 x 96") would go to stderr through GLib: the caller
 * reports a refused file in one line of its own instead. */
static void ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void) domain; (void) level; (void) message; (void) data;
}

int expo_picture_start(const char *program) {
    /* Under an address-space limit (ulimit -v) every thread's malloc arena reserves 64 MiB at
     * once: libvips's worker thread then failed its first allocations and recursed in
     * vips_region_fill until its stack ran out (a crash, not a refused picture). One arena for
     * every thread turns a tight limit into libvips's ordinary "out of memory" error. */
    struct rlimit space;
    if (getrlimit(RLIMIT_AS, &space) == 0 && space.rlim_cur != RLIM_INFINITY) mallopt(M_ARENA_MAX, 1);
    /* Set before VIPS_INIT: loading its modules can warn too ("unable to load vips-heif.so"). */
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, ignore_log, NULL);
    /* GLib's own domains too (GModule's "assertion 'module != NULL' failed" when a module cannot
     * be mapped under a memory limit): only libvips uses GLib in this program. */
    g_log_set_default_handler(ignore_log, NULL);
    if (VIPS_INIT(program ? program : "expo-narrate") != 0) { keep_error(); return -1; }
    /* Every loader blocked, then the three formats the guide takes allowed again. */
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
    vips_operation_block_set("VipsForeignLoadPng", FALSE);
    vips_operation_block_set("VipsForeignLoadWebp", FALSE);
    vips_block_untrusted_set(TRUE);
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    return 0;
}

int expo_picture_header(const void *data, size_t length, int *width, int *height, int *has_profile) {
    VipsImage *image = vips_image_new_from_buffer(data, length, "", NULL);
    if (!image) { keep_error(); return -1; }
    /* The size as shown: a picture turned by its EXIF orientation has its sides swapped. */
    int swap = vips_image_get_orientation_swap(image);
    *width = swap ? vips_image_get_height(image) : vips_image_get_width(image);
    *height = swap ? vips_image_get_width(image) : vips_image_get_height(image);
    *has_profile = vips_image_get_typeof(image, VIPS_META_ICC_NAME) != 0;
    g_object_unref(image);
    return 0;
}

void *expo_picture_resize(const void *data, size_t length, int width, int height, int has_profile) {
    VipsImage *thumbnail = NULL;
    /* A picture with an ICC profile (a phone's Display P3, say) is turned into sRGB through it;
     * one without is taken as sRGB already, with no colour transform per pixel. */
    int status = has_profile
        ? vips_thumbnail_buffer((void *) data, length, &thumbnail, width, "height", height, "size", VIPS_SIZE_DOWN,
                                "export_profile", "srgb", "option_string", "fail_on=truncated", NULL)
        : vips_thumbnail_buffer((void *) data, length, &thumbnail, width, "height", height, "size", VIPS_SIZE_DOWN,
                                "option_string", "fail_on=truncated", NULL);
    if (status != 0) {
        keep_error();
        return NULL;
    }
    VipsImage *memory = vips_image_copy_memory(thumbnail);
    g_object_unref(thumbnail);
    if (!memory) { keep_error(); return NULL; }
    /* Every metadata item (EXIF with GPS, XMP, IPTC, ICC, comments) removed from the image
     * itself: libvips 8.14's WebP writer keeps EXIF even when asked to strip. */
    gchar **fields = vips_image_get_fields(memory);
    for (int i = 0; fields && fields[i]; i++) vips_image_remove(memory, fields[i]);
    g_strfreev(fields);
    return memory;
}

void *expo_picture_smaller(void *handle, int width, int height) {
    VipsImage *smaller = NULL;
    if (vips_thumbnail_image((VipsImage *) handle, &smaller, width, "height", height, "size", VIPS_SIZE_DOWN, NULL) != 0) {
        keep_error();
        return NULL;
    }
    VipsImage *memory = vips_image_copy_memory(smaller);
    g_object_unref(smaller);
    if (!memory) keep_error();
    return memory;
}

void expo_picture_size(void *image, int *width, int *height) {
    *width = vips_image_get_width((VipsImage *) image);
    *height = vips_image_get_height((VipsImage *) image);
}

int expo_picture_encode(void *handle, int format, int quality, void **bytes, size_t *length) {
    VipsImage *image = handle;
    int status;
    if (format == 1) {
        VipsImage *flat = NULL;
        if (vips_image_hasalpha(image)) {
            VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
            status = vips_flatten(image, &flat, "background", white, NULL);
            vips_area_unref(VIPS_AREA(white));
            if (status != 0) { keep_error(); return -1; }
        } else {
            flat = image;
            g_object_ref(flat);
        }
        status = vips_jpegsave_buffer(flat, bytes, length, "Q", quality, "strip", TRUE,
                                      "optimize_coding", TRUE, "interlace", TRUE, NULL);
        g_object_unref(flat);
    } else {
        status = vips_webpsave_buffer(image, bytes, length, "Q", quality, "strip", TRUE,
                                      "effort", 2, NULL);
    }
    if (status != 0) { keep_error(); return -1; }
    return 0;
}

void expo_picture_release(void *image) { if (image) g_object_unref((VipsImage *) image); }
void expo_picture_free(void *bytes) { g_free(bytes); }

const char *expo_picture_version(void) { return vips_version_string(); }
