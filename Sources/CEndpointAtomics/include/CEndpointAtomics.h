// Atomic operations on a plain int, for the reactive core's flags and counters. C11/GCC atomic builtins,
// understood by ThreadSanitizer; Swift sees ordinary functions.
#ifndef CENDPOINTATOMICS_H
#define CENDPOINTATOMICS_H

#include <stdbool.h>

static inline int endpoint_atomic_load(const int *value) {
    return __atomic_load_n(value, __ATOMIC_ACQUIRE);
}

static inline void endpoint_atomic_store(int *value, int desired) {
    __atomic_store_n(value, desired, __ATOMIC_RELEASE);
}

static inline int endpoint_atomic_exchange(int *value, int desired) {
    return __atomic_exchange_n(value, desired, __ATOMIC_ACQ_REL);
}

static inline bool endpoint_atomic_compare_exchange(int *value, int expected, int desired) {
    return __atomic_compare_exchange_n(value, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

static inline int endpoint_atomic_fetch_add(int *value, int delta) {
    return __atomic_fetch_add(value, delta, __ATOMIC_ACQ_REL);
}

#endif
