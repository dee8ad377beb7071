#include "core/estimate/LossKind.h"

#include <array>

namespace netsizer::core {
namespace {
constexpr std::array<LossKind, 4> kAll = {LossKind::None, LossKind::CrossEntropy, LossKind::ChunkedCrossEntropy,
                                          LossKind::FusedLinearCrossEntropy};
} // namespace

const char* lossKindName(LossKind k)
{
    switch (k) {
    case LossKind::None: return "none";
    case LossKind::CrossEntropy: return "cross-entropy";
    case LossKind::ChunkedCrossEntropy: return "chunked-cross-entropy";
    case LossKind::FusedLinearCrossEntropy: return "fused-linear-cross-entropy";
    }
    return "none";
}

std::optional<LossKind> parseLossKind(std::string_view name)
{
    for (LossKind k : kAll)
        if (name == lossKindName(k)) return k;
    return std::nullopt;
}

std::string lossKindNameList()
{
    std::string out;
    for (LossKind k : kAll) out += (out.empty() ? "" : ", ") + std::string(lossKindName(k));
    return out;
}

} // namespace netsizer::core
