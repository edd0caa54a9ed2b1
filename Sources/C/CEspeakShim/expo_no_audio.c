// This program never plays sound: espeak-ng only hands it samples (synchronous retrieval).
// Yet espeak-ng 1.51 makes a pcaudiolib device object in espeak_ng_InitializeOutput whatever
// the mode, and pcaudiolib then connects to PulseAudio (creating ~/.config/pulse and
// /tmp/pulse-*, printing "Failed to create secure directory") or opens an ALSA device.
// The executable defines pcaudiolib's entry points itself, exported (see Package.swift), so
// that espeak-ng's calls bind to these: no device object, nothing opened, nothing printed.
#include <stddef.h>
#include <stdint.h>

struct audio_object;

#define EXPORTED __attribute__((visibility("default"), used))

EXPORTED struct audio_object *create_audio_device_object(const char *device, const char *application_name,
                                                          const char *description) {
    (void)device; (void)application_name; (void)description;
    return NULL;
}

EXPORTED int audio_object_open(struct audio_object *object, int format, uint32_t rate, uint8_t channels) {
    (void)object; (void)format; (void)rate; (void)channels;
    return -1;
}

EXPORTED void audio_object_close(struct audio_object *object) { (void)object; }
EXPORTED void audio_object_destroy(struct audio_object *object) { (void)object; }

EXPORTED int audio_object_write(struct audio_object *object, const void *data, size_t bytes) {
    (void)object; (void)data; (void)bytes;
    return 0;
}

EXPORTED int audio_object_drain(struct audio_object *object) { (void)object; return 0; }
EXPORTED int audio_object_flush(struct audio_object *object) { (void)object; return 0; }

EXPORTED const char *audio_object_strerror(struct audio_object *object, int error) {
    (void)object; (void)error;
    return "audio output is disabled in expo-narrate";
}
