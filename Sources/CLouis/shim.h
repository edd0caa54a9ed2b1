#include <liblouis/liblouis.h>
