#pragma once
// The PyTorch code of one layer, used by PyTorchExporter: the module built in __init__ (if any)
// and the statement that computes the layer's outputs in forward().

#include "core/io/export/ExportGraph.h"

#include <string>
#include <vector>

namespace netsizer::core {

struct PyTorchLayerCode {
    std::string init;    // "nn.Conv2d(3, 64, ...)" assigned to self.<ident>; empty: none
    std::vector<std::string> extraInit; // further __init__ lines ("self.x_bias = nn.Parameter(...)")
    std::string forward; // the right-hand side computing the outputs from the inputs
    std::vector<std::string> helpers; // helper classes the code needs ("Scale", "StochasticDepth")
};

// Python code for `layer`, whose inputs are the expressions `args` (one per input port).
// Errors name the layer ("export_unsupported").
Result<PyTorchLayerCode> pytorchLayerCode(const ExportGraph& g, const Layer& layer, const std::vector<std::string>& args);

// The text of a helper class named by PyTorchLayerCode::helpers.
std::string pytorchHelperClass(const std::string& name);

} // namespace netsizer::core
