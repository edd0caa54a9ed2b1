#include <hangul-1.0/hangul.h>
