#pragma once
// The versions of the libraries the core was built with, for the designer's About box and the
// CLI: read from their headers at compile time (ONNX lives only in core/io, so this does too).

#include <string>

namespace netsizer::core {

std::string onnxVersion();          // "1.12.0"
std::string nlohmannJsonVersion();  // "3.11.2"

} // namespace netsizer::core
