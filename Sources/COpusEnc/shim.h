#ifndef EXPO_COPUSENC_SHIM_H
#define EXPO_COPUSENC_SHIM_H
#include <opus/opusenc.h>

/* ope_encoder_ctl is variadic, which Swift cannot call: these fixed-signature wrappers can. */
static inline int expo_ope_set_bitrate(OggOpusEnc *enc, opus_int32 bitsPerSecond) {
    return ope_encoder_ctl(enc, OPUS_SET_BITRATE(bitsPerSecond));
}
static inline int expo_ope_set_complexity(OggOpusEnc *enc, opus_int32 complexity) {
    return ope_encoder_ctl(enc, OPUS_SET_COMPLEXITY(complexity));
}
static inline int expo_ope_set_voice(OggOpusEnc *enc) {
    return ope_encoder_ctl(enc, OPUS_SET_SIGNAL(OPUS_SIGNAL_VOICE));
}
static inline int expo_ope_set_vbr(OggOpusEnc *enc, opus_int32 vbr, opus_int32 constrained) {
    int status = ope_encoder_ctl(enc, OPUS_SET_VBR(vbr));
    if (status != OPE_OK) return status;
    return ope_encoder_ctl(enc, OPUS_SET_VBR_CONSTRAINT(constrained));
}
static inline int expo_ope_set_frame_duration_20ms(OggOpusEnc *enc) {
    return ope_encoder_ctl(enc, OPUS_SET_EXPERT_FRAME_DURATION(OPUS_FRAMESIZE_20_MS));
}
static inline int expo_ope_set_serial(OggOpusEnc *enc, opus_int32 serial) {
    return ope_encoder_ctl(enc, OPE_SET_SERIALNO(serial));
}
static inline int expo_ope_get_lookahead(OggOpusEnc *enc, opus_int32 *lookahead) {
    return ope_encoder_ctl(enc, OPUS_GET_LOOKAHEAD(lookahead));
}
#endif
