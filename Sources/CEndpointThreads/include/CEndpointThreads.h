// Where the generator's threads run. Linux only; elsewhere these do nothing.
//
// On a small Linux machine the scheduler often starts a helper thread on the CPU of the thread that woke it, and
// leaves it there for milliseconds while another CPU sits idle: the two then take turns on one CPU, and the work
// meant to run beside the caller runs after it. A helper that finds itself on its caller's CPU moves off it for
// as long as it works, then gives its affinity back.
#ifndef CENDPOINTTHREADS_H
#define CENDPOINTTHREADS_H

#include <stdbool.h>

/// The CPU the calling thread runs on now, or -1 where the system does not say.
int endpoint_current_cpu(void);

/// How many CPUs the calling thread may run on (its affinity: `taskset`, a container's cpuset), or -1 where the
/// system does not say. The processor count ignores affinity: under `taskset -c 0` it still says every core.
int endpoint_allowed_cpu_count(void);

/// When the calling thread runs on `cpu` and may run on another, narrows its affinity to the CPUs it may use but
/// `cpu`, which moves it at once, and returns true; the same thread must then call endpoint_restore_affinity.
/// Returns false, changing nothing, otherwise (or when the system refuses).
bool endpoint_leave_cpu(int cpu);

/// Gives the calling thread back the affinity it had before endpoint_leave_cpu.
void endpoint_restore_affinity(void);

#endif
