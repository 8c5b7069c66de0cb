#include <malloc.h>
