#pragma once
// A weightful ONNX file for tests and benchmarks of large imports, written as torch.onnx.export
// writes a Linear/ReLU stack.

#include <string>

namespace netsizer::test {

// Input x [N, width] then `layers` Gemm nodes (weights [width, width] fp32 and a bias), each
// followed by a Relu: (width² + width) × 4 bytes of payload per layer.
void writeWeightfulOnnx(const std::string& path, int layers, int width);

} // namespace netsizer::test
