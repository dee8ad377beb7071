#include "core/util/AllocatorTuning.h"

#include <cstdlib> // defines __GLIBC__ when the C library is glibc
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace netsizer::core {

void keepFreedHeapMemory()
{
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 64 << 20); // also stops glibc adapting the thresholds
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

} // namespace netsizer::core
