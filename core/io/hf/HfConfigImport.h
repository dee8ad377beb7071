#pragma once
// Hugging Face `config.json` files (the model's configuration, no weights) imported as the
// decoder Hugging Face's modelling code builds from them, layer names as the module names
// (model.layers.0.self_attn.q_proj, transformer.h.0.mlp.c_fc, ...), so that --freeze,
// --train-only and --checkpoint match them (docs/llm.md). Architectures: LlamaForCausalLM,
// MistralForCausalLM, Qwen2ForCausalLM (one decoder family: RMSNorm, rotary, grouped-query
// attention, SwiGLU) and GPT2LMHeadModel.

#include "core/io/ModelFile.h"
#include "core/util/Result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace netsizer::core {

// The sequence length an import uses when none is given: min(this, the model's maximum).
inline constexpr std::int64_t kHfDefaultSequenceLength = 2048;

struct HfImportOptions {
    // Tokens per sample; unset: min(kHfDefaultSequenceLength, max_position_embeddings / n_positions),
    // said in the import notes. Must not exceed the model's maximum.
    std::optional<std::int64_t> sequenceLength;
};

// Whether `text` is a JSON object with the keys of a Hugging Face configuration: a string
// "model_type" or an "architectures" array, and none of the native / Keras / TF.js markers.
bool isHuggingFaceConfig(std::string_view text);

// Imports a configuration. Errors carry `fileName: <JSON pointer>` as path ("config.json:
// /num_key_value_heads") and say what the value must be; an architecture outside the list above
// is refused naming "/architectures/0".
Result<ModelFile> readHuggingFaceConfig(std::string_view text, const std::string& fileName,
                                        const HfImportOptions& options = {});

} // namespace netsizer::core
