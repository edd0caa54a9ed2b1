#define _GNU_SOURCE /* memfd_create */
#include "expo_speech.h"

#include <espeak-ng/espeak_ng.h>
#include <espeak-ng/speak_lib.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Per-utterance state. */
typedef struct {
    const expo_speech_sink *sink;
    int stopped;
} utterance;

/* The utterance being spoken. espeak-ng's callback may come with an empty event list, whose
 * user_data is not set, so the shim keeps the current utterance itself; espeak-ng is
 * single-threaded and synchronous, so there is at most one. */
static utterance *active = NULL;

static void describe(espeak_ng_STATUS status, char *message, size_t length) {
    if (message == NULL || length == 0) return;
    espeak_ng_GetStatusCodeMessage(status, message, length);
}

/* espeak-ng's one global callback: forwards events and samples to the utterance's sink. */
static int forward(short *samples, int count, espeak_EVENT *events) {
    utterance *current = active;
    if (current == NULL) return 0;
    for (espeak_EVENT *event = events; event != NULL && event->type != espeakEVENT_LIST_TERMINATED; event++) {
        if (current->stopped) break;
        int type = (int)event->type;
        if (type != EXPO_EVENT_WORD && type != EXPO_EVENT_SENTENCE && type != EXPO_EVENT_MARK
            && type != EXPO_EVENT_END && type != EXPO_EVENT_MESSAGE_END) continue;
        const char *name = type == EXPO_EVENT_MARK ? event->id.name : NULL;
        if (current->sink->on_event != NULL
            && current->sink->on_event(current->sink->context, type, event->audio_position,
                                       event->text_position, name) != 0) {
            current->stopped = 1;
        }
    }
    if (current->stopped) return 1;
    if (samples != NULL && count > 0 && current->sink->on_samples != NULL) {
        if (current->sink->on_samples(current->sink->context, samples, count) != 0) {
            current->stopped = 1;
            return 1;
        }
    }
    return 0;
}

/* Where a SIGABRT raised while espeak-ng starts returns to (see EXPO_SPEECH_ABORTED). */
static sigjmp_buf abort_return;
static volatile sig_atomic_t catching_abort = 0;
/* Set once espeak-ng has aborted: its state is half made, and even espeak_ng_Terminate would
 * touch the thread that was never created. */
static int engine_aborted = 0;

static void return_from_abort(int signal_number) {
    (void)signal_number;
    if (catching_abort) siglongjmp(abort_return, 1);
}

/* Copies what was written to `capture` since it was made to standard error. */
static void replay(int capture) {
    char buffer[4096];
    ssize_t count;
    if (lseek(capture, 0, SEEK_SET) != 0) return;
    while ((count = read(capture, buffer, sizeof buffer)) > 0) {
        if (write(STDERR_FILENO, buffer, (size_t)count) != count) return;
    }
}

/* espeak_ng_Initialize and espeak_ng_InitializeOutput with an abort turned into
 * EXPO_SPEECH_ABORTED. Standard error goes to a memory file meanwhile, so that the
 * assertion's text does not reach the user; anything else espeak-ng writes there is passed
 * on once it has started. */
static int start_guarded(espeak_ng_ERROR_CONTEXT *context) {
    volatile int status = ENS_OK;
    int capture = memfd_create("espeak-ng-start", MFD_CLOEXEC);
    int saved_stderr = -1;
    fflush(stderr);
    if (capture >= 0) {
        saved_stderr = dup(STDERR_FILENO);
        if (saved_stderr < 0 || dup2(capture, STDERR_FILENO) < 0) {
            if (saved_stderr >= 0) close(saved_stderr);
            saved_stderr = -1;
        }
    }
    struct sigaction catching, previous;
    memset(&catching, 0, sizeof catching);
    catching.sa_handler = return_from_abort;
    sigemptyset(&catching.sa_mask);
    sigaction(SIGABRT, &catching, &previous);
    if (sigsetjmp(abort_return, 1) == 0) {
        catching_abort = 1;
        status = espeak_ng_Initialize(context);
        if (status == ENS_OK) status = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, NULL);
        catching_abort = 0;
    } else {
        catching_abort = 0;
        engine_aborted = 1;
        status = EXPO_SPEECH_ABORTED;
    }
    sigaction(SIGABRT, &previous, NULL);
    fflush(stderr);
    if (saved_stderr >= 0) {
        dup2(saved_stderr, STDERR_FILENO);
        close(saved_stderr);
        if (!engine_aborted) replay(capture);
    }
    if (capture >= 0) close(capture);
    return status;
}

int expo_speech_initialize(const char *data_path, int *sample_rate, char *message, size_t message_length) {
    if (engine_aborted) {
        if (message != NULL && message_length > 0)
            snprintf(message, message_length, "espeak-ng stopped while starting earlier in this process and cannot start again in it");
        return EXPO_SPEECH_ABORTED;
    }
    espeak_ng_ERROR_CONTEXT context = NULL;
    espeak_ng_InitializePath(data_path);
    int status = start_guarded(&context);
    if (status == EXPO_SPEECH_ABORTED) {
        if (message != NULL && message_length > 0)
            snprintf(message, message_length, "espeak-ng stopped while starting the thread it needs (the system refused a new thread)");
        return status;
    }
    if (status != ENS_OK) {
        describe((espeak_ng_STATUS)status, message, message_length);
        espeak_ng_ClearErrorContext(&context);
        return status;
    }
    espeak_SetSynthCallback(forward);
    if (sample_rate != NULL) *sample_rate = espeak_ng_GetSampleRate();
    return 0;
}

int expo_speech_set_voice(const char *name, char *message, size_t message_length) {
    espeak_ng_STATUS status = espeak_ng_SetVoiceByName(name);
    if (status != ENS_OK) describe(status, message, message_length);
    return (int)status;
}

int expo_speech_set_prosody(int rate, int pitch, int volume, int word_gap) {
    espeak_ng_STATUS status;
    if ((status = espeak_ng_SetParameter(espeakRATE, rate, 0)) != ENS_OK) return (int)status;
    if ((status = espeak_ng_SetParameter(espeakPITCH, pitch, 0)) != ENS_OK) return (int)status;
    if ((status = espeak_ng_SetParameter(espeakVOLUME, volume, 0)) != ENS_OK) return (int)status;
    return (int)espeak_ng_SetParameter(espeakWORDGAP, word_gap, 0);
}

int expo_speech_synthesize(const char *text, int is_ssml, const expo_speech_sink *sink,
                           char *message, size_t message_length) {
    utterance current = { sink, 0 };
    unsigned int flags = espeakCHARS_UTF8 | (is_ssml ? espeakSSML : 0);
    active = &current;
    srand(1);
    espeak_ng_STATUS status = espeak_ng_Synthesize(text, strlen(text) + 1, 0, POS_CHARACTER, 0,
                                                   flags, NULL, &current);
    /* In synchronous mode espeak_ng_Synthesize returns when the text has been spoken. */
    active = NULL;
    if (current.stopped) {
        if (message != NULL && message_length > 0) snprintf(message, message_length, "stopped by the caller");
        return (int)ENS_SPEECH_STOPPED;
    }
    if (status != ENS_OK) describe(status, message, message_length);
    return (int)status;
}

const char *expo_speech_data_folder(void) {
    const char *path = NULL;
    espeak_ng_InitializePath(NULL);
    espeak_Info(&path);
    return path;
}

const char *expo_speech_version(void) {
    const char *path = NULL;
    return espeak_Info(&path);
}

void expo_speech_terminate(void) {
    if (engine_aborted) return;
    espeak_ng_Terminate();
}
