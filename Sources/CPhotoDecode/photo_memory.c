/* The allocator's settings for a program that decodes pictures on worker threads. Thumbnails
 * are a few hundred kilobytes each, made and freed by the thousand while a folder scrolls, and
 * freed ones stay resident in the heap arenas of the threads that made them (tens of megabytes
 * after a fling through a folder). Two arenas bound how many heaps hold them, and
 * photo_memory_release gives their free pages back now and then. (A fixed mmap threshold
 * would give each large block back as it is freed, but the main loop's frames, whose images
 * are megabytes, would then be mapped and faulted in anew every frame.) */
#include "photo_decode.h"
#include <malloc.h>

void photo_memory_setup(void) {
    mallopt(M_ARENA_MAX, 2);
}

void photo_memory_release(void) {
    malloc_trim(0);
}
