#ifndef EXPO_COPUS_SHIM_H
#define EXPO_COPUS_SHIM_H
#include <opus/opus.h>

/* opus_encoder_ctl is variadic, which Swift cannot call: these fixed-signature wrappers can. */
static inline int expo_opus_set_bitrate(OpusEncoder *enc, opus_int32 bitsPerSecond) {
    return opus_encoder_ctl(enc, OPUS_SET_BITRATE(bitsPerSecond));
}
static inline int expo_opus_set_complexity(OpusEncoder *enc, opus_int32 complexity) {
    return opus_encoder_ctl(enc, OPUS_SET_COMPLEXITY(complexity));
}
/* OPUS_SIGNAL_VOICE when voice is non-zero, else OPUS_AUTO. */
static inline int expo_opus_set_voice(OpusEncoder *enc, int voice) {
    return opus_encoder_ctl(enc, OPUS_SET_SIGNAL(voice ? OPUS_SIGNAL_VOICE : OPUS_AUTO));
}
static inline int expo_opus_set_vbr(OpusEncoder *enc, opus_int32 vbr, opus_int32 constrained) {
    int status = opus_encoder_ctl(enc, OPUS_SET_VBR(vbr));
    if (status != OPUS_OK) return status;
    return opus_encoder_ctl(enc, OPUS_SET_VBR_CONSTRAINT(constrained));
}
static inline int expo_opus_set_frame_duration_20ms(OpusEncoder *enc) {
    return opus_encoder_ctl(enc, OPUS_SET_EXPERT_FRAME_DURATION(OPUS_FRAMESIZE_20_MS));
}
static inline int expo_opus_get_lookahead(OpusEncoder *enc, opus_int32 *lookahead) {
    return opus_encoder_ctl(enc, OPUS_GET_LOOKAHEAD(lookahead));
}
#endif
