#pragma once
// Where the frozen weights of a fine-tuning run live (part of TrainingConfig): the dtype the
// base model was loaded in (Hugging Face `torch_dtype`) and the bitsandbytes quantisation of its
// Linear weights (QLoRA: `load_in_4bit`, `bnb_4bit_quant_type="nf4"`,
// `bnb_4bit_use_double_quant`; LLM.int8: `load_in_8bit`). Trainable weights (the adapters) stay
// at the training precision. As transformers' get_keys_to_not_convert, the output layer (the
// last layer with weights) is not quantised; it keeps the base dtype.

#include "core/estimate/WeightFormat.h"

namespace netsizer::core {

struct FrozenWeights {
    WeightFormat base = WeightFormat::Native;     // Native, Fp32, Bf16 or Fp16
    WeightFormat quantize = WeightFormat::Native; // Native (none), Nf4 or Int8
    bool doubleQuant = false;                     // NF4 double quantisation of the absmax

    bool active() const { return base != WeightFormat::Native || quantize != WeightFormat::Native; }
    bool operator==(const FrozenWeights&) const = default;
};

} // namespace netsizer::core
