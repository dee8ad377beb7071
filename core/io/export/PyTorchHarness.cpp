#include "core/io/export/PyTorchHarness.h"

#include "core/io/export/PyTorchHarnessData.h" // generated from resources/pytorch/measure_harness.py by CMake

namespace netsizer::core {

const char* pytorchHarness() { return kPytorchHarnessPy; }

} // namespace netsizer::core
