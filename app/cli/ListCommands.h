#pragma once
// `netsizer-cli layers` and `netsizer-cli gpus`: the registered layer kinds and the GPU
// presets, as a table or as JSON (docs/cli.md).

#include "app/cli/CliOptions.h"

#include <string>

namespace netsizer::cli {

std::string listLayers(OutputFormat format); // LayersCommand.cpp
std::string listGpus(OutputFormat format);   // GpusCommand.cpp

} // namespace netsizer::cli
