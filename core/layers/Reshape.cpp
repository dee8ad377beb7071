// Reshape: a view of the same elements under a new per-sample shape (the batch axis is kept).
// One dimension may be -1 and is inferred. PyTorch's view/reshape of a contiguous tensor saves
// nothing and shares the input's storage (ViewBackward0 / ReshapeAliasBackward0 keep only
// sizes), so the output aliases input 0.
// `copy`: the input is a non-contiguous view (after a Permute, a Narrow or a Select), which
// PyTorch's reshape cannot view: it copies into a new storage (`contiguous().view(...)`, the
// clone's CloneBackward0 keeps nothing), so the output is a new tensor. Nothing is kept either way.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kShape, kCopy };

Result<KindResult> analyze(const LayerContext& ctx)
{
    const Shape& in = ctx.in().shape;
    const Count numel = in.numel().value();
    const IntList& target = ctx.list(kShape);
    int inferred = -1;
    CheckedCount known{1};
    for (std::size_t i = 0; i < target.size(); ++i) {
        if (target[i] == -1) {
            if (inferred >= 0) return makeError("attribute", "shape " + timesJoin(target) + " has more than one -1");
            inferred = static_cast<int>(i);
        } else if (target[i] < 1) {
            return makeError("attribute", "shape dimensions must be >= 1 or a single -1, got " + std::to_string(target[i]));
        } else {
            known *= static_cast<Count>(target[i]);
        }
    }
    if (!known.ok()) return makeError("overflow", "target shape overflows 64 bits");
    TensorInfo out;
    out.elem = ctx.in().elem;
    for (auto d : target) out.shape.push(d);
    if (inferred >= 0) {
        if (numel % known.value() != 0)
            return makeError("shape", "cannot infer the -1 of " + timesJoin(target) + ": " + withThousands(numel) +
                                          " input elements are not a multiple of " + withThousands(known.value()));
        out.shape[inferred] = static_cast<std::int64_t>(numel / known.value());
    } else if (known.value() != numel) {
        return makeError("shape", "target shape " + out.shape.toString() + " holds " + withThousands(known.value()) +
                                      " elements, expected " + withThousands(numel) + " (input " + in.toString() + ")");
    }
    KindResult r;
    r.outputs.push_back(out);
    r.aliasOf = ctx.b(kCopy) ? -1 : 0;
    // TensorFlow (Keras Reshape): Reshape keeps its input, the buffer the output shares.
    keepTensorFlowOp(r, TfOp::Reshape, {tfIn(0), tfHeld()}, {tfOut(0)});
    return r;
}
} // namespace

LayerKind makeReshapeKind()
{
    LayerKind k;
    k.id = "Reshape";
    k.displayName = "Reshape";
    k.category = "Shape";
    k.description = "Gives one sample a new shape with the same number of elements; one dimension may be -1. A view: no new memory, unless it copies a non-contiguous input.";
    k.aliases = {"View"};
    // `copy` comes after `shape`: files and importers address attributes by name, the kind by index.
    k.params = {
        listParam("shape", {-1}, -1, 1e12, 1, 6, "", "Target shape per sample (no batch axis); one -1 is inferred"),
        boolParam("copy", false,
                  "The input is a non-contiguous view (after a transpose, a narrow or a select): PyTorch's reshape copies "
                  "it into a new storage"),
    };
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        f.push_back(countFormula("elements", "product of the input shape = product of the output shape",
                                 c.in().shape.toString() + " → " + r.outputs[0].shape.toString(),
                                 r.outputs[0].shape.numel().value()));
        f.push_back(Formula{"storage", "", "", c.b(kCopy) ? "a copy (new memory)" : "a view of the input (no new memory)"});
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
