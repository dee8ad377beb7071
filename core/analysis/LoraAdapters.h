#pragma once
// LoRA (Hu et al. 2021, arXiv:2106.09685) as Hugging Face PEFT builds it: every targeted Linear
// layer gets an adapter beside it and every other weight is frozen. The adapter is written into
// the graph as ordinary layers, so the analyser finds what its backward keeps by the same rules
// as any layer (measured: tests/truth/lora_models.py). PEFT's lora.Linear.forward
// (huggingface/peft 5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40, src/peft/tuners/lora/layer.py):
//
//     result = base_layer(x) + lora_B(lora_A(dropout(x))) * scaling
//
// becomes, for a Dense `N`: `N.lora_dropout` (Dropout p, only when p > 0), `N.lora_A` (Dense r,
// no bias), `N.lora_B` (Dense out_features, no bias), `N.lora_scaling` (Elementwise mul by
// alpha / r) and `N.lora_add` (Add), whose output replaces N's for N's consumers.

#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace netsizer::core {

struct LoraSpec {
    std::int64_t rank = 8;  // r: lora_A is r × in, lora_B out × r
    double alpha = 16.0;    // scaling = alpha / r
    double dropout = 0.0;   // lora_dropout p; 0: nn.Identity (nothing kept)
    // PEFT target_modules: a Dense matches when its name is a target or ends with "." + target
    // (q_proj matches model.layers.0.self_attn.q_proj). "all-linear": every Dense except the
    // output layer (the last layer with weights), as PEFT's INCLUDE_LINEAR_LAYERS_SHORTHAND.
    std::vector<std::string> targets{"q_proj", "v_proj"};
};

// Adds an adapter to every targeted Dense of `graph` and freezes every other layer. Returns the
// number of adapted layers; an error (path "lora/targets") when no Dense matches, when a layer
// already has an adapter (its `.lora_A` exists), or when the graph does not analyse (an
// adapter's size is its host's in_features).
Result<std::size_t> addLoraAdapters(Graph& graph, const LoraSpec& spec);

// Whether `name` is an adapter layer addLoraAdapters made (it contains ".lora_").
bool isLoraLayerName(const std::string& name);

} // namespace netsizer::core
