// CLaminaPrefetch: the processor's prefetch hint, which Swift has no spelling for.
//
// A frame that patches a hundred thousand leaves reads each leaf's records from a dozen arrays (its
// segment, kept parts, placement, instances, the presentation's extent and values): a dozen streams
// with strides of hundreds of bytes, too many for the hardware's prefetchers to follow, so each read
// waited on memory. The loop asks for a leaf's lines a few leaves ahead instead. Static inline: the
// Swift compiler inlines these into its callers, one instruction each.
#ifndef CLAMINAPREFETCH_H
#define CLAMINAPREFETCH_H

/// Asks for the cache line holding `address` to be loaded, to be read soon. Never faults.
static inline void lamina_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

/// Asks for the cache line holding `address` to be loaded, to be written soon. Never faults.
static inline void lamina_prefetch_for_writing(const void *address) { __builtin_prefetch(address, 1, 3); }

#endif
