#pragma once
// --seq-len N and --attention eager|flash applied to a model after reading (a Hugging Face
// config.json has been imported at --seq-len already; the rest of its graph follows the input).

#include "app/cli/CliOptions.h"
#include "core/io/ModelFile.h"
#include "core/util/Result.h"

namespace netsizer::cli {

// --seq-len: every Input of int64 token ids of rank 1 gets length N (an input already that long
// is left alone); an ONNX graph or a model without such an input is an error naming --seq-len.
// --attention: the `flash` attribute of every ScaledDotProductAttention layer; a model without
// one is an error naming --attention. Each change adds a note.
core::Status applySequenceOptions(const CliOptions& options, bool onnx, core::ModelFile& model);

} // namespace netsizer::cli
