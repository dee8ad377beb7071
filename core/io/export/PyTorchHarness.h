#pragma once
// The measuring part of an exported PyTorch file (PyTorchExporter): make_inputs(), measure()
// and main(), the text of resources/pytorch/measure_harness.py compiled in (starting with a
// newline). Fixed Python text that reads the module-level constants the exporter writes
// (MODEL_NAME, INPUTS, CONFIG, NETSIZER_PARAMS, NETSIZER_ESTIMATE) and the class `Model`.
// What it measures and writes is specified in docs/measurement-format.md.

namespace netsizer::core {

const char* pytorchHarness();

} // namespace netsizer::core
