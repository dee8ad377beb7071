#pragma once
// How frozen weights are stored: at the training precision, as a half-precision copy of the
// base model, or quantised by bitsandbytes (QLoRA's NF4, LLM.int8). A registry: each format
// names itself, says whether it is a quantisation (only Linear weights are quantised) and sizes
// a tensor. Sources, bitsandbytes-foundation/bitsandbytes at commit
// 95f9af309d4d5793847169c39288dcd3fcbdf564:
//  - NF4 (bitsandbytes/functional.py quantize_4bit, blocksize 64; backends/default/ops.py packs
//    two 4-bit codes per byte): ceil(n / 2) B of codes, a float32 absmax per block of 64
//    (4 × ceil(n / 64) B), and the 16-entry float32 NF4 code table every QuantState gets from
//    get_4bit_type (64 B per tensor).
//  - NF4 with double quantisation (quantize_4bit compress_statistics=True): the absmax values,
//    less their float32 mean (`offset`, 4 B), are quantised by quantize_blockwise(blocksize=256)
//    to one uint8 per block of 64 (ceil(n / 64) B) with a float32 absmax per 256 of those blocks
//    (4 × ceil(ceil(n / 64) / 256) B); its 256-entry dynamic map is shared (name2qmap).
//  - LLM.int8 (bitsandbytes/nn/modules.py Int8Params, functional.py int8_vectorwise_quant):
//    CB, one int8 per element (n B), and SCB, one float32 absmax per output row (4 × rows B).

#include "core/estimate/Precision.h"
#include "core/layers/KindResult.h"

#include <optional>
#include <string_view>
#include <vector>

namespace netsizer::core {

enum class WeightFormat { Native, Fp32, Bf16, Fp16, Nf4, Int8 };

struct WeightFormatInfo {
    WeightFormat format;
    const char* name;  // CLI / JSON name: "nf4"
    const char* label; // UI label
    bool quantised;    // bitsandbytes: applies to Linear weights only (ParamTensor::linearWeight)
};

const std::vector<WeightFormatInfo>& allWeightFormats();
const WeightFormatInfo& weightFormatInfo(WeightFormat f);
std::optional<WeightFormat> parseWeightFormat(std::string_view name);

// Bytes of tensor `p` stored in format `f`; `nativeBytes` is the training precision's weight
// element size (Native), `doubleQuant` selects NF4's double quantisation. Saturating.
Count weightFormatBytes(WeightFormat f, const ParamTensor& p, Count nativeBytes, bool doubleQuant);

// Whether autocast under `precision` keeps a half copy of a weight stored in `f` for backward:
// not when the weight is stored in the very dtype autocast casts to (Tensor.to returns the
// tensor itself), nor when bitsandbytes dequantises it (MatMul4Bit keeps the quantised weight
// and dequantises again in backward; autograd/_functions.py).
bool keepsAutocastCopy(WeightFormat f, Precision precision);

} // namespace netsizer::core
