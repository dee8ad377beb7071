#pragma once
// The eight extra reference networks of tests/truth/extra_models.py, built layer for layer with
// GraphBuilder. Their measured memory (torch 1.13, CPU, same truth.py as ../shared/truth) is in
// tests/truth/out/<truthName>.json, which lives in this repository: tst_truth_extra never skips.

#include "tests/core/ReferenceNets.h"

namespace netsizer::testing {

// Names accepted by extraReferenceNet(), in a stable order ("x_conv1d_signal", ...).
const std::vector<std::string>& extraReferenceNetNames();
// Builds the network `truthName` (one of extraReferenceNetNames()). Asserts on an unknown name.
ReferenceNet extraReferenceNet(const std::string& truthName);

} // namespace netsizer::testing
