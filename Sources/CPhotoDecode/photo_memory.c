/* The allocator's settings for a program that decodes pictures on worker threads. Thumbnails
 * are a few hundred kilobytes each, made and freed by the thousand while a folder scrolls.
 * glibc raises its mmap threshold to the size of each large block freed, after which such
 * blocks come from the heap arenas of the threads that made them and, freed, stay resident
 * there (tens of megabytes after a fling through a folder). A fixed threshold gives blocks of
 * 128 KB and more back to the system as they are freed, and two arenas bound the rest. */
#include "photo_decode.h"
#include <malloc.h>

void photo_memory_setup(void) {
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    mallopt(M_ARENA_MAX, 2);
}
