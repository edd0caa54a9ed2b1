// libebur128 (Debian: libebur128-dev): EBU R128 / ITU-R BS.1770-4 loudness and true peak.
// Only Sources/Audio/TruePeakMeter.swift uses it.
#include <ebur128.h>
