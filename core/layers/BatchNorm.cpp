// BatchNorm over the channel axis; 1d/2d/3d follows from the input rank ([C], [C, L],
// [C, H, W], [C, D, H, W]). Parameters as PyTorch's state_dict: weight, bias (affine),
// running_mean, running_var and num_batches_tracked (one int64) as buffers.
// Kept for backward in training (derivatives.yaml native_batch_norm, one formula for input,
// weight and bias): the input, plus save_mean and save_invstd — C float32 values each,
// independent of the batch (../shared/truth resnet18: saved_activation_fixed_bytes 38,400 =
// 2 × 4 × 4,800 channels; they stay float32 under autocast).
// Caffe's BatchNormLayer::Reshape allocates x_norm_ and temp_ like the bottom blob, mean_ and
// variance_ of C, num_by_chans_ (N × C), batch_sum_multiplier_ (N) and
// spatial_sum_multiplier_ (spatial size).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kEps, kMomentum, kAffine, kTrackRunningStats };

// TensorFlow (Keras BatchNormalization in training). Images ([C, H, W] and [C, D, H, W] per
// sample) take the fused path: FusedBatchNormV3(x, scale, offset, mean, variance) keeps x and
// reserve_space_1/2 (the batch mean and inverse variance, C float32 each) and reserve_space_3
// (empty on the CPU; cuDNN's reserve space on a GPU, not modelled). Other ranks (after a Dense,
// over a sequence) run nn.moments and nn.batch_normalization op by op: the squared
// difference and x × inv are two tensors of the input's size, plus six of C elements.
// Scale, offset and the moving statistics are variables (held, no new memory).
void keepTensorFlow(KindResult& r, int inRank, Count numel, Count c)
{
    if (inRank >= 3) {
        const TfOperand stat = tfNew(0, c, ElemKind::Float32);
        keepTensorFlowOp(r, TfOp::FusedBatchNormV3, {tfIn(0), tfHeld(), tfHeld(), tfHeld(), tfHeld()},
                         {tfOut(0), stat, stat, stat, stat, tfNew(0, 0, ElemKind::Float32)});
        return;
    }
    const TfOperand perC = tfNew(0, c); // one value per channel, reduced over the batch
    // mean = Mean(x, axes); variance = Mean(SquaredDifference(x, StopGradient(mean)), axes);
    // both squeezed (Squeeze keeps its input, the Mean's output: held here, charged by Mean).
    keepTensorFlowOp(r, TfOp::Mean, {tfIn(0), tfHeld()}, {perC});
    keepTensorFlowOp(r, TfOp::SquaredDifference, {tfIn(0), tfHeld()}, {tfNew(numel)});
    keepTensorFlowOp(r, TfOp::Mean, {tfNew(numel), tfHeld()}, {perC});
    keepTensorFlowOp(r, TfOp::Squeeze, {tfHeld()}, {tfHeld()});
    keepTensorFlowOp(r, TfOp::Squeeze, {tfHeld()}, {tfHeld()});
    // inv = Rsqrt(variance + eps) * gamma; out = x * inv + (beta - mean * inv)
    keepTensorFlowOp(r, TfOp::AddV2, {tfHeld(), tfHeld()}, {perC});
    keepTensorFlowOp(r, TfOp::Rsqrt, {perC}, {perC});
    keepTensorFlowOp(r, TfOp::Mul, {tfHeld(), tfHeld()}, {perC});
    keepTensorFlowOp(r, TfOp::Mul, {tfIn(0), perC}, {tfNew(numel)});
    keepTensorFlowOp(r, TfOp::Mul, {tfHeld(), tfHeld()}, {perC});
    keepTensorFlowOp(r, TfOp::Sub, {tfHeld(), perC}, {perC});
    keepTensorFlowOp(r, TfOp::AddV2, {tfNew(numel), perC}, {tfOut(0)});
}

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    if (in.rank() < 1 || in.rank() > 4)
        return makeError("shape", "expects an input of rank 1 to 4 ([C], [C, L], [C, H, W] or [C, D, H, W] per sample), got " +
                                      in.toString());
    const auto c = static_cast<Count>(in[0]);
    const Count numel = in.numel().value();
    KindResult r;
    r.outputs.push_back(ctx.in());
    if (ctx.b(kAffine)) {
        r.params.push_back({"weight", c, true});
        r.params.push_back({"bias", c, true});
    }
    if (ctx.b(kTrackRunningStats)) {
        r.params.push_back({"running_mean", c, false});
        r.params.push_back({"running_var", c, false});
        ParamTensor counter{"num_batches_tracked", 1, false, ElemKind::Int64};
        counter.pytorchOnly = true;
        r.params.push_back(counter);
    }
    r.macs = numel * (ctx.b(kAffine) ? 2 : 1); // normalise, then scale and shift
    r.keepPyTorch(savedInput(0, "NativeBatchNormBackward0.input"));
    r.keepPyTorch(savedExtra(ElemKind::Float32, 0, c, "NativeBatchNormBackward0.result1 (save_mean)"));
    r.keepPyTorch(savedExtra(ElemKind::Float32, 0, c, "NativeBatchNormBackward0.result2 (save_invstd)"));
    r.keep(Profile::Caffe, savedExtra(ElemKind::Activation, 2 * numel, 0, "BatchNormLayer.x_norm_ + temp_"));
    r.keep(Profile::Caffe, savedExtra(ElemKind::Activation, c + 1, 2 * c + numel / c,
                                      "BatchNormLayer.num_by_chans_ + batch_sum_multiplier_ (per sample), mean_ + "
                                      "variance_ + spatial_sum_multiplier_ (fixed)"));
    keepTensorFlow(r, in.rank(), numel, c);
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const std::int64_t c = ctx.in().shape[0];
    if (ctx.b(kAffine)) f.push_back(countFormula("weights", "weight + bias = 2 × C", timesJoin({2, c}), static_cast<Count>(2 * c)));
    if (ctx.b(kTrackRunningStats))
        f.push_back(countFormula("buffers", "running_mean + running_var = 2 × C (+ 1 int64 num_batches_tracked)",
                                 timesJoin({2, c}) + " + 1", static_cast<Count>(2 * c + 1)));
    f.push_back(countFormula("MACs", ctx.b(kAffine) ? "2 × input elements" : "input elements",
                             ctx.b(kAffine) ? "2 × " + withThousands(ctx.in().shape.numel().value())
                                            : withThousands(ctx.in().shape.numel().value()),
                             r.macs));
    for (auto& s : savedFormulas(ctx, r)) f.push_back(s);
    return f;
}
} // namespace

LayerKind makeBatchNormKind()
{
    LayerKind k;
    k.id = "BatchNorm";
    k.displayName = "Batch norm";
    k.category = "Normalization";
    k.description = "Normalises each channel over the batch, then scales and shifts. Keeps its input for backward plus "
                    "a per-channel mean and inverse std (fixed, float32).";
    k.aliases = {"BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "BatchNormalization"};
    k.params = {
        floatParam("eps", 1e-5, 0.0, 1.0, "Added to the variance for numerical stability"),
        floatParam("momentum", 0.1, 0.0, 1.0, "Running statistics update factor (PyTorch convention)"),
        boolParam("affine", true, "Learn a per-channel scale (weight) and shift (bias)"),
        boolParam("track_running_stats", true, "Keep running_mean, running_var and num_batches_tracked buffers"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
