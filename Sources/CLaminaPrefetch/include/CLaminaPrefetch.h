// CLaminaPrefetch: the processor's memory hints, which Swift has no spelling for: the prefetch hint,
// and stores that bypass the cache.
//
// A frame that patches a hundred thousand leaves reads each leaf's records from a dozen arrays (its
// segment, kept parts, placement, instances, the presentation's extent and values): a dozen streams
// with strides of hundreds of bytes, too many for the hardware's prefetchers to follow, so each read
// waited on memory. The loop asks for a leaf's lines a few leaves ahead instead. Static inline: the
// Swift compiler inlines these into its callers, one instruction each for the prefetches.
#ifndef CLAMINAPREFETCH_H
#define CLAMINAPREFETCH_H

#include <stddef.h>
#include <stdint.h>

/// Asks for the cache line holding `address` to be loaded, to be read soon. Never faults.
static inline void lamina_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

/// Asks for the cache line holding `address` to be loaded, to be written soon. Never faults.
static inline void lamina_prefetch_for_writing(const void *address) { __builtin_prefetch(address, 1, 3); }

/// Copies `count` blocks of 64 bytes, the first at `source` and each `sourceStride` bytes after the
/// last, to `target`, packed, with stores that bypass the cache: a frame's matrices gathered from a
/// hundred thousand instances into a write mapping of a GPU buffer (6.4 MB) that this thread never
/// reads again, where ordinary stores read every target line in first and evict the lines the next
/// phase reads. Falls back to ordinary copies when `target` is not 16-byte aligned. Fenced at the end,
/// so the stores are visible to whoever the caller hands the mapping to.
static inline void lamina_gather_64_streaming(void *target, const void *source, size_t sourceStride, size_t count) {
    typedef float lamina_v4 __attribute__((vector_size(16)));
    char *to = (char *)target;
    const char *from = (const char *)source;
    if (((uintptr_t)to & 15) != 0) {
        for (size_t i = 0; i < count; i++) __builtin_memcpy(to + i * 64, from + i * sourceStride, 64);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        const char *s = from + i * sourceStride;
        lamina_v4 *d = (lamina_v4 *)(to + i * 64);
        lamina_v4 a, b, c, e;
        __builtin_memcpy(&a, s, 16);
        __builtin_memcpy(&b, s + 16, 16);
        __builtin_memcpy(&c, s + 32, 16);
        __builtin_memcpy(&e, s + 48, 16);
        __builtin_nontemporal_store(a, d);
        __builtin_nontemporal_store(b, d + 1);
        __builtin_nontemporal_store(c, d + 2);
        __builtin_nontemporal_store(e, d + 3);
    }
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_sfence();
#else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

#endif
