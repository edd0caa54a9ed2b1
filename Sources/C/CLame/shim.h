#ifndef EXPO_CLAME_SHIM_H
#define EXPO_CLAME_SHIM_H
#include <stdio.h>
#include "/usr/include/lame/lame.h"
#endif
