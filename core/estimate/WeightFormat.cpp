#include "core/estimate/WeightFormat.h"

namespace netsizer::core {
namespace {

constexpr Count ceilDiv(Count a, Count b) { return a / b + (a % b ? 1 : 0); }

} // namespace

const std::vector<WeightFormatInfo>& allWeightFormats()
{
    static const std::vector<WeightFormatInfo> all = {
        {WeightFormat::Native, "none", "As trained (precision's weights)", false},
        {WeightFormat::Fp32, "fp32", "fp32", false},
        {WeightFormat::Bf16, "bf16", "bf16", false},
        {WeightFormat::Fp16, "fp16", "fp16", false},
        {WeightFormat::Nf4, "nf4", "NF4 4-bit (QLoRA)", true},
        {WeightFormat::Int8, "int8", "int8 (LLM.int8)", true},
    };
    return all;
}

const WeightFormatInfo& weightFormatInfo(WeightFormat f)
{
    return allWeightFormats()[static_cast<std::size_t>(f)];
}

std::optional<WeightFormat> parseWeightFormat(std::string_view name)
{
    for (const auto& i : allWeightFormats())
        if (name == i.name) return i.format;
    return std::nullopt;
}

Count weightFormatBytes(WeightFormat f, const ParamTensor& p, Count nativeBytes, bool doubleQuant)
{
    const Count n = p.numel;
    switch (f) {
    case WeightFormat::Native: return saturatingMul(n, nativeBytes);
    case WeightFormat::Fp32: return saturatingMul(n, 4);
    case WeightFormat::Bf16:
    case WeightFormat::Fp16: return saturatingMul(n, 2);
    case WeightFormat::Nf4: {
        constexpr Count kBlock = 64, kCodeTable = 16 * 4;
        const Count blocks = ceilDiv(n, kBlock);
        const Count absmax = doubleQuant ? blocks + 4 * ceilDiv(blocks, 256) + 4 : 4 * blocks;
        return ceilDiv(n, 2) + absmax + kCodeTable;
    }
    case WeightFormat::Int8: {
        const Count rows = p.lastDims[0] ? n / p.lastDims[0] : 1;
        return n + 4 * rows;
    }
    }
    return saturatingMul(n, nativeBytes);
}

bool keepsAutocastCopy(WeightFormat f, Precision precision)
{
    switch (f) {
    case WeightFormat::Nf4:
    case WeightFormat::Int8: return false;
    case WeightFormat::Bf16: return precision != Precision::MixedBf16;
    case WeightFormat::Fp16: return precision != Precision::MixedFp16;
    default: return true;
    }
}

} // namespace netsizer::core
