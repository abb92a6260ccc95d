// The functions are `static inline` in the header; this file gives SwiftPM a source to build the target from.
#include "CEndpointAtomics.h"
