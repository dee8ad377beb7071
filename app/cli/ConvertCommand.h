#pragma once
// `netsizer-cli convert IN OUT [--to pytorch|keras|caffe|onnx|json] [--zero-weights]
// [--solver FILE] [--input-shape [NAME=]DxD..]`: reads any model file NetSizer can import (with
// the import options of estimate) and writes it in the format of OUT's extension (or --to).
// --zero-weights: ONNX initializers carry zero data (loadable by runtimes) instead of dims only.
// Parses its own arguments (args[0] is "convert").

#include "core/util/Result.h"

#include <string>
#include <vector>

namespace netsizer::cli {

// The paths written (one per line on stdout), or an error: "usage" for bad arguments, the
// reader's or exporter's located error otherwise (an unsupported layer is named in its path).
core::Result<std::vector<std::string>> runConvert(const std::vector<std::string>& args);

} // namespace netsizer::cli
