/*
 * expo_picture: the few libvips calls expo-narrate makes, without libvips's variadic option
 * lists (which Swift cannot call). libvips is opened with dlopen (libvips.so.42) at the first
 * call that needs it, so a run that prepares no picture never loads it. Only the JPEG, PNG and WebP loaders are allowed; every other
 * loader (SVG, PDF, TIFF, matrix files, ...) is blocked at start. Not thread-safe: libvips's
 * error buffer is process-wide, so the caller (Pictures/Vips.swift) holds one lock.
 */
#ifndef EXPO_PICTURE_H
#define EXPO_PICTURE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when libvips cannot be opened because it is not installed (or not libvips 8), the reason
 * in expo_picture_error; else 0 (also when it could not be mapped for want of memory, which
 * expo_picture_start reports as "out of memory"). Opens it, without starting it. */
int expo_picture_is_missing(void);

/* Opens and starts libvips once: loaders other than JPEG, PNG and WebP blocked, no operation cache,
 * one worker thread. Returns 0, or -1 with a message (expo_picture_error). */
int expo_picture_start(const char *program);

/* The dimensions an in-memory JPEG, PNG or WebP file declares (as shown, its EXIF orientation
 * applied), and whether it has an ICC
 * profile, read from its header only: no pixel is decoded. Returns 0, or -1 with a message. */
int expo_picture_header(const void *data, size_t length, int *width, int *height, int *has_profile);

/* Decodes `data` shrunk to fit `width` x `height` pixels (never enlarged), turned upright by its EXIF
 * orientation, in sRGB (through its ICC profile when `has_profile`), into memory. A truncated or damaged file is an error, not a grey
 * picture. Returns an image handle (release with expo_picture_release) or NULL with a message. */
void *expo_picture_resize(const void *data, size_t length, int width, int height, int has_profile);

/* A smaller copy of a decoded picture, fitted to `width` x `height` (never enlarged): the
 * narrower files are made from the widest one, decoding the file once. NULL with a message. */
void *expo_picture_smaller(void *image, int width, int height);

/* The handle's size. */
void expo_picture_size(void *image, int *width, int *height);

/* Encodes the handle as JPEG (format 1, alpha flattened onto white) or WebP (format 2) at
 * `quality` (1-100), with no metadata (EXIF, XMP, ICC, comments stripped). The bytes are
 * g_malloc'ed: free them with expo_picture_free. Returns 0, or -1 with a message. */
int expo_picture_encode(void *image, int format, int quality, void **bytes, size_t *length);

void expo_picture_release(void *image);
void expo_picture_free(void *bytes);

/* libvips's version, "8.14.1" (libvips opened, not started), or NULL when it cannot be opened. */
const char *expo_picture_version(void);

/* The last error's message (libvips's error buffer, cleared), valid until the next call. */
const char *expo_picture_error(void);

#ifdef __cplusplus
}
#endif

#endif
