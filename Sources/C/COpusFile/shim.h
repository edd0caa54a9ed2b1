#include <opus/opusfile.h>
