/*
 * expo_speech: a small C API over espeak-ng for expo-narrate.
 *
 * espeak-ng delivers audio through one process-wide callback. This shim installs that
 * callback once and forwards each call to the sink passed with the text being spoken,
 * so the Swift side works with a per-call sink and never with espeak-ng's globals.
 *
 * espeak-ng is not thread-safe: call these functions from one thread at a time.
 */
#ifndef EXPO_SPEECH_H
#define EXPO_SPEECH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a sink is told besides samples. Values mirror espeak-ng's event types. */
typedef enum {
    EXPO_EVENT_WORD = 1,
    EXPO_EVENT_SENTENCE = 2,
    EXPO_EVENT_MARK = 3,
    EXPO_EVENT_END = 5,
    EXPO_EVENT_MESSAGE_END = 6
} expo_event_type;

/* Receives one utterance's output. Return non-zero from a function to stop synthesis. */
typedef struct {
    void *context;
    /* `count` 16-bit mono samples at the rate returned by expo_speech_initialize. */
    int (*on_samples)(void *context, const short *samples, int count);
    /* `audio_ms`: position in the utterance's audio; `text_position`: 1-based character
     * offset in the input; `name`: the mark's name for EXPO_EVENT_MARK, otherwise NULL. */
    int (*on_event)(void *context, int type, int audio_ms, int text_position, const char *name);
} expo_speech_sink;

/* Returned by expo_speech_initialize when espeak-ng aborted while starting: it asserts that
 * the thread it starts was made, so a system that refuses threads (a process limit) would end
 * the whole process. The abort is caught and its message kept off standard error; espeak-ng
 * cannot be used again in this process afterwards (every later call returns this code). */
#define EXPO_SPEECH_ABORTED (-100)

/*
 * Starts espeak-ng in synchronous mode with its data at `data_path` (NULL: the default or
 * ESPEAK_DATA_PATH). Never exits the process. Returns 0 and stores the sample rate, or an
 * espeak-ng status code (or EXPO_SPEECH_ABORTED) and writes a message into `message` (at most
 * `message_length` bytes). Not for a program that uses SIGABRT itself: its handler is replaced
 * while espeak-ng starts.
 */
int expo_speech_initialize(const char *data_path, int *sample_rate, char *message, size_t message_length);

/* Selects a voice by espeak-ng name ("ko", "fr"). Returns 0 or a status code with a message. */
int expo_speech_set_voice(const char *name, char *message, size_t message_length);

/* Sets rate (words per minute), pitch (0-100), volume (0-200) and word gap (10 ms units). */
int expo_speech_set_prosody(int rate, int pitch, int volume, int word_gap);

/*
 * Speaks UTF-8 `text` (SSML when `is_ssml` is non-zero) and returns when it is done.
 * Returns 0, or a status code (with a message) when espeak-ng failed or the sink stopped it.
 */
int expo_speech_synthesize(const char *text, int is_ssml, const expo_speech_sink *sink,
                           char *message, size_t message_length);

/* espeak-ng's version string, e.g. "1.51". */
const char *expo_speech_version(void);

/* The data folder espeak-ng would use (ESPEAK_DATA_PATH, else the installed one), without
 * starting it; NULL if it cannot tell. */
const char *expo_speech_data_folder(void);

/* Frees espeak-ng's state. */
void expo_speech_terminate(void);

#ifdef __cplusplus
}
#endif

#endif
