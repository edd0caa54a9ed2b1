// libebur128 (Debian: libebur128-dev): EBU R128 / ITU-R BS.1770-4 loudness and true peak.
#include <ebur128.h>
