#include "expo_picture.h"

#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

/* libvips (with GLib and its ~90 libraries of codecs) is opened with dlopen the first time a
 * picture is prepared, not linked into the program: a run without pictures, or one that takes
 * every picture from the cache, never maps it (a process with it started in 0.06 s and 44 MB
 * rather than 0.01 s and 26 MB). So this file declares the few calls it makes itself, with the
 * ABI of libvips 8 (soname libvips.so.42), rather than including <vips/vips.h>. */
#define LIBVIPS "libvips.so.42"
#define VIPS_ABI 42
#define VIPS_SIZE_DOWN 2 /* VipsSize */
#define LOG_WARNING_MESSAGE_INFO ((1 << 4) | (1 << 5) | (1 << 6)) /* GLogLevelFlags */
#define ICC_NAME "icc-profile-data" /* VIPS_META_ICC_NAME */

typedef struct VipsImage VipsImage;
typedef void (*LogFunction)(const char *domain, int level, const char *message, void *data);

/* Every symbol the file uses: name, return type, parameters. */
#define VIPS_SYMBOLS(X) \
    X(vips_init, int, (const char *)) \
    X(vips_version, int, (int)) \
    X(vips_version_string, const char *, (void)) \
    X(vips_error_buffer, const char *, (void)) \
    X(vips_error_clear, void, (void)) \
    X(vips_operation_block_set, void, (const char *, int)) \
    X(vips_block_untrusted_set, void, (int)) \
    X(vips_cache_set_max, void, (int)) \
    X(vips_concurrency_set, void, (int)) \
    X(vips_image_new_from_buffer, VipsImage *, (const void *, size_t, const char *, ...)) \
    X(vips_image_get_orientation_swap, int, (VipsImage *)) \
    X(vips_image_get_width, int, (const VipsImage *)) \
    X(vips_image_get_height, int, (const VipsImage *)) \
    X(vips_image_get_typeof, unsigned long, (const VipsImage *, const char *)) \
    X(vips_image_get_fields, char **, (VipsImage *)) \
    X(vips_image_remove, int, (VipsImage *, const char *)) \
    X(vips_image_copy_memory, VipsImage *, (VipsImage *)) \
    X(vips_image_hasalpha, int, (VipsImage *)) \
    X(vips_thumbnail_buffer, int, (void *, size_t, VipsImage **, int, ...)) \
    X(vips_thumbnail_image, int, (VipsImage *, VipsImage **, int, ...)) \
    X(vips_array_double_newv, void *, (int, ...)) \
    X(vips_area_unref, void, (void *)) \
    X(vips_flatten, int, (VipsImage *, VipsImage **, ...)) \
    X(vips_jpegsave_buffer, int, (VipsImage *, void **, size_t *, ...)) \
    X(vips_webpsave_buffer, int, (VipsImage *, void **, size_t *, ...)) \
    X(g_object_ref, void *, (void *)) \
    X(g_object_unref, void, (void *)) \
    X(g_free, void, (void *)) \
    X(g_strfreev, void, (char **)) \
    X(g_log_set_handler, unsigned, (const char *, int, LogFunction, void *)) \
    X(g_log_set_default_handler, LogFunction, (LogFunction, void *))

#define DECLARE(name, result, parameters) result (*name) parameters;
static struct { VIPS_SYMBOLS(DECLARE) } vips;

static char last_error[1024];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static enum { NOT_LOADED, LOADED, MISSING, SHORT_OF_MEMORY } load_state;

static void set_error(const char *message) {
    snprintf(last_error, sizeof last_error, "%s", message);
    for (char *c = last_error; *c; c++) if (*c == '\n') *c = ' ';
}

static void load(void) {
    void *library = dlopen(LIBVIPS, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        /* Under an address-space limit the library is there but cannot be mapped: the machine's
         * limit, said as libvips says it ("out of memory"), not a missing installation. */
        if (reason && (strstr(reason, "failed to map") || strstr(reason, "allocate memory"))) {
            load_state = SHORT_OF_MEMORY;
            snprintf(last_error, sizeof last_error, "out of memory loading libvips (%s)", reason);
        } else {
            load_state = MISSING;
            snprintf(last_error, sizeof last_error, "libvips cannot be loaded (%s)", reason ? reason : "no reason given");
        }
        return;
    }
#define RESOLVE(name, result, parameters) \
    if (!(*(void **) &vips.name = dlsym(library, #name))) { \
        set_error("the installed libvips lacks " #name ", which libvips 8.14 has"); \
        load_state = MISSING; \
        return; \
    }
    VIPS_SYMBOLS(RESOLVE)
    if (vips.vips_version(3) - vips.vips_version(5) != VIPS_ABI) {
        set_error("the installed libvips.so.42 is not of libvips 8's ABI");
        load_state = MISSING;
        return;
    }
    load_state = LOADED;
}

/* Opens libvips once; 0, or -1 with the reason in last_error. */
static int ensure_loaded(void) {
    pthread_once(&load_once, load);
    return load_state == LOADED ? 0 : -1;
}

static void keep_error(void) {
    const char *buffer = vips.vips_error_buffer();
    strncpy(last_error, buffer && *buffer ? buffer : "libvips gave no reason", sizeof last_error - 1);
    last_error[sizeof last_error - 1] = 0;
    /* One line: libvips ends each message with a newline. */
    for (char *c = last_error; *c; c++) if (*c == '\n') *c = (c[1] ? ' ' : 0);
    vips.vips_error_clear();
}

const char *expo_picture_error(void) { return last_error; }

int expo_picture_is_missing(void) { return ensure_loaded() != 0 && load_state == MISSING; }

/* libvips's warnings ("error in tile 0 x 96") would go to stderr through GLib: the caller
 * reports a refused file in one line of its own instead. */
static void ignore_log(const char *domain, int level, const char *message, void *data) {
    (void) domain; (void) level; (void) message; (void) data;
}

int expo_picture_start(const char *program) {
    if (ensure_loaded() != 0) return -1;
    /* Under an address-space limit (ulimit -v) every thread's malloc arena reserves 64 MiB at
     * once: libvips's worker thread then failed its first allocations and recursed in
     * vips_region_fill until its stack ran out (a crash, not a refused picture). One arena for
     * every thread turns a tight limit into libvips's ordinary "out of memory" error. */
    struct rlimit space;
    if (getrlimit(RLIMIT_AS, &space) == 0 && space.rlim_cur != RLIM_INFINITY) mallopt(M_ARENA_MAX, 1);
    /* Set before vips_init: loading its modules can warn too ("unable to load vips-heif.so"). */
    vips.g_log_set_handler("VIPS", LOG_WARNING_MESSAGE_INFO, ignore_log, NULL);
    /* GLib's own domains too (GModule's "assertion 'module != NULL' failed" when a module cannot
     * be mapped under a memory limit): only libvips uses GLib in this program. */
    vips.g_log_set_default_handler(ignore_log, NULL);
    if (vips.vips_init(program ? program : "expo-narrate") != 0) { keep_error(); return -1; }
    /* Every loader blocked, then the three formats the guide takes allowed again. */
    vips.vips_operation_block_set("VipsForeignLoad", 1);
    vips.vips_operation_block_set("VipsForeignLoadJpeg", 0);
    vips.vips_operation_block_set("VipsForeignLoadPng", 0);
    vips.vips_operation_block_set("VipsForeignLoadWebp", 0);
    vips.vips_block_untrusted_set(1);
    vips.vips_cache_set_max(0);
    vips.vips_concurrency_set(1);
    return 0;
}

int expo_picture_header(const void *data, size_t length, int *width, int *height, int *has_profile) {
    VipsImage *image = vips.vips_image_new_from_buffer(data, length, "", NULL);
    if (!image) { keep_error(); return -1; }
    /* The size as shown: a picture turned by its EXIF orientation has its sides swapped. */
    int swap = vips.vips_image_get_orientation_swap(image);
    *width = swap ? vips.vips_image_get_height(image) : vips.vips_image_get_width(image);
    *height = swap ? vips.vips_image_get_width(image) : vips.vips_image_get_height(image);
    *has_profile = vips.vips_image_get_typeof(image, ICC_NAME) != 0;
    vips.g_object_unref(image);
    return 0;
}

void *expo_picture_resize(const void *data, size_t length, int width, int height, int has_profile) {
    VipsImage *thumbnail = NULL;
    /* A picture with an ICC profile (a phone's Display P3, say) is turned into sRGB through it;
     * one without is taken as sRGB already, with no colour transform per pixel. */
    int status = has_profile
        ? vips.vips_thumbnail_buffer((void *) data, length, &thumbnail, width, "height", height, "size", VIPS_SIZE_DOWN,
                                     "export_profile", "srgb", "option_string", "fail_on=truncated", NULL)
        : vips.vips_thumbnail_buffer((void *) data, length, &thumbnail, width, "height", height, "size", VIPS_SIZE_DOWN,
                                     "option_string", "fail_on=truncated", NULL);
    if (status != 0) {
        keep_error();
        return NULL;
    }
    VipsImage *memory = vips.vips_image_copy_memory(thumbnail);
    vips.g_object_unref(thumbnail);
    if (!memory) { keep_error(); return NULL; }
    /* Every metadata item (EXIF with GPS, XMP, IPTC, ICC, comments) removed from the image
     * itself: libvips 8.14's WebP writer keeps EXIF even when asked to strip. */
    char **fields = vips.vips_image_get_fields(memory);
    for (int i = 0; fields && fields[i]; i++) vips.vips_image_remove(memory, fields[i]);
    vips.g_strfreev(fields);
    return memory;
}

void *expo_picture_smaller(void *handle, int width, int height) {
    VipsImage *smaller = NULL;
    if (vips.vips_thumbnail_image((VipsImage *) handle, &smaller, width, "height", height, "size", VIPS_SIZE_DOWN, NULL) != 0) {
        keep_error();
        return NULL;
    }
    VipsImage *memory = vips.vips_image_copy_memory(smaller);
    vips.g_object_unref(smaller);
    if (!memory) keep_error();
    return memory;
}

void expo_picture_size(void *image, int *width, int *height) {
    *width = vips.vips_image_get_width((VipsImage *) image);
    *height = vips.vips_image_get_height((VipsImage *) image);
}

int expo_picture_encode(void *handle, int format, int quality, void **bytes, size_t *length) {
    VipsImage *image = handle;
    int status;
    if (format == 1) {
        VipsImage *flat = NULL;
        if (vips.vips_image_hasalpha(image)) {
            void *white = vips.vips_array_double_newv(1, 255.0);
            status = vips.vips_flatten(image, &flat, "background", white, NULL);
            vips.vips_area_unref(white);
            if (status != 0) { keep_error(); return -1; }
        } else {
            flat = image;
            vips.g_object_ref(flat);
        }
        status = vips.vips_jpegsave_buffer(flat, bytes, length, "Q", quality, "strip", 1,
                                           "optimize_coding", 1, "interlace", 1, NULL);
        vips.g_object_unref(flat);
    } else {
        status = vips.vips_webpsave_buffer(image, bytes, length, "Q", quality, "strip", 1,
                                           "effort", 2, NULL);
    }
    if (status != 0) { keep_error(); return -1; }
    return 0;
}

void expo_picture_release(void *image) { if (image) vips.g_object_unref(image); }
void expo_picture_free(void *bytes) { vips.g_free(bytes); }

const char *expo_picture_version(void) { return ensure_loaded() == 0 ? vips.vips_version_string() : NULL; }
