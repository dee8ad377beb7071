#include "core/estimate/LossMemory.h"

#include "core/estimate/Framework.h"
#include "core/estimate/Precision.h"

#include <algorithm>

namespace netsizer::core {
namespace {

// NeMo Automodel ChunkedCrossEntropy's default chunk_len.
constexpr Count kChunkRows = 32;

Count nextPowerOfTwo(Count x)
{
    Count p = 1;
    while (p < x && p < (Count{1} << 62)) p <<= 1;
    return p;
}
Count ceilDiv(Count a, Count b) { return b == 0 ? 0 : a / b + (a % b != 0); }

} // namespace

LossMemory lossMemory(const Analysis& a, const TrainingConfig& config)
{
    LossMemory m;
    if (config.loss == LossKind::None || config.mode != Mode::Train) return m;
    const Framework f = config.framework;
    if (f != Framework::PyTorch && f != Framework::PyTorchCpu) return m;
    // The output: the last analysed layer that is not a model input (the timeline's loss).
    const LayerAnalysis* out = nullptr;
    for (std::size_t i = a.layers.size(); i-- > 0;)
        if (a.layers[i].analysed && !a.layers[i].modelInput) {
            out = &a.layers[i];
            break;
        }
    if (!out || out->result.outputs.empty() || out->outputActivationNumel == 0) return m;
    const Shape& shape = out->result.outputs[0].shape;
    const Shape::Dim classDim = shape.rank() == 2 ? shape.back() : shape[0];
    if (classDim <= 0) return m;
    const Count numel = out->outputActivationNumel;
    m.classes = static_cast<Count>(classDim);
    m.rows = numel / m.classes;
    const PrecisionInfo& p = precisionInfo(config.precision);
    const Count act = p.activationBytes;
    const Count logSoftmaxBytes = p.castCopyBytes || act == 4 ? 4 : act; // autocast's float32 list
    const Count targets = saturatingMul(m.rows, 8);
    const Count batchRows = saturatingMul(m.rows, config.batch);
    switch (config.loss) {
    case LossKind::None: break;
    case LossKind::CrossEntropy: m.kept.perSample = saturatingMulAdd(numel, logSoftmaxBytes, targets); break;
    case LossKind::ChunkedCrossEntropy:
        m.chunkRows = std::min(kChunkRows, batchRows);
        m.kept = {saturatingMul(saturatingMul(m.chunkRows, m.classes), 4), targets};
        break;
    case LossKind::FusedLinearCrossEntropy: {
        const Count v = m.classes;
        const Count h = std::max<Count>(1, out->result.macs / numel); // MACs per output element
        m.dropsOutput = true;
        m.chunkRows = nextPowerOfTwo(ceilDiv(batchRows, ceilDiv(v, h)));
        const Count vh = saturatingMul(v, h);
        Count fixed = saturatingMul(vh, p.weightBytes);                                   // grad_weight
        fixed = saturatingAdd(fixed, saturatingMul(saturatingMul(m.chunkRows, v), act));  // logits chunk
        fixed = saturatingAdd(fixed, saturatingMul(saturatingMul(m.chunkRows, h), act));  // chunk @ weight
        if (p.castCopyBytes == 0) fixed = saturatingAdd(fixed, saturatingMul(vh, act));   // torch.mm(...)
        // grad_input (rows × H), loss_1d and the targets, per sample.
        m.kept = {fixed, saturatingAdd(saturatingMul(saturatingMul(m.rows, h), act), saturatingMul(m.rows, 4 + 8))};
        break;
    }
    }
    return m;
}

} // namespace netsizer::core
