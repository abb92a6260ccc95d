#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "CEndpointThreads.h"

#if defined(__linux__)

// What endpoint_leave_cpu replaced, per thread, for endpoint_restore_affinity.
static _Thread_local cpu_set_t saved_affinity;

int endpoint_current_cpu(void) {
    return sched_getcpu();
}

int endpoint_allowed_cpu_count(void) {
    cpu_set_t allowed;
    return sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : -1;
}

// Whether the calling thread runs on `cpu` and may also run elsewhere; `allowed` is then what it may use.
static bool runs_on_one_of_several(int cpu, cpu_set_t *allowed) {
    return cpu >= 0 && cpu < CPU_SETSIZE && sched_getcpu() == cpu && sched_getaffinity(0, sizeof *allowed, allowed) == 0
        && CPU_ISSET(cpu, allowed) && CPU_COUNT(allowed) >= 2;
}

bool endpoint_leave_cpu(int cpu) {
    cpu_set_t allowed;
    if (!runs_on_one_of_several(cpu, &allowed)) {
        return false;
    }
    saved_affinity = allowed;
    CPU_CLR(cpu, &allowed);
    return sched_setaffinity(0, sizeof allowed, &allowed) == 0;
}

void endpoint_restore_affinity(void) {
    (void)sched_setaffinity(0, sizeof saved_affinity, &saved_affinity);
}

#else

int endpoint_current_cpu(void) {
    return -1;
}

int endpoint_allowed_cpu_count(void) {
    return -1;
}

bool endpoint_leave_cpu(int cpu) {
    (void)cpu;
    return false;
}

void endpoint_restore_affinity(void) {}

#endif
