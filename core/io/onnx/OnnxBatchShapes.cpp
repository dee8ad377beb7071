#include "core/io/onnx/OnnxBatchShapes.h"

#include "core/io/onnx/OnnxShapeEval.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <set>

namespace netsizer::core::onnximport {

namespace {

constexpr std::int64_t kBatchA = 2, kBatchB = 3;

OnnxShapeEval evaluate(const onnx::GraphProto& g, std::int64_t opset, const OnnxTensors& tensors,
                       const std::set<std::string>& initializers, std::int64_t batch, bool& usable)
{
    OnnxShapeEval eval(g, opset);
    usable = false;
    for (const auto& in : g.input()) {
        if (initializers.count(in.name())) continue;
        const auto* full = tensors.fullShape(in.name());
        if (!full || full->empty()) continue;
        std::vector<std::int64_t> dims = *full;
        const bool hasBatch = std::count(dims.begin(), dims.end(), kBatchDim) == 1;
        if (!hasBatch) dims[0] = kBatchDim;
        bool known = true;
        for (auto& d : dims) {
            if (d == kBatchDim) d = batch;
            known = known && d >= 0;
        }
        if (!known) continue;
        const auto elem = in.type().tensor_type().elem_type();
        eval.setInput(in.name(), dims, elem != onnx::TensorProto::FLOAT && elem != onnx::TensorProto::DOUBLE &&
                                           elem != onnx::TensorProto::FLOAT16 && elem != onnx::TensorProto::BFLOAT16);
        usable = true;
    }
    if (usable) eval.run();
    return eval;
}

} // namespace

int fillEvaluatedShapes(const onnx::GraphProto& g, std::int64_t opset, OnnxTensors& tensors)
{
    std::set<std::string> initializers;
    for (const auto& init : g.initializer()) initializers.insert(init.name());
    bool usableA = false, usableB = false;
    const OnnxShapeEval a = evaluate(g, opset, tensors, initializers, kBatchA, usableA);
    const OnnxShapeEval b = evaluate(g, opset, tensors, initializers, kBatchB, usableB);
    if (!usableA || !usableB) return 0;
    int filled = 0;
    for (const auto& node : g.node())
        for (const auto& name : node.output()) {
            const EvalValue* va = a.value(name);
            const EvalValue* vb = b.value(name);
            if (name.empty() || !va || !vb || va->dims.size() != vb->dims.size()) continue;
            if (va->values && vb->values && *va->values == *vb->values && !tensors.constant(name) &&
                va->values->size() <= 64)
                tensors.setConstant(name, *va->values);
            if (tensors.perSample(name)) continue;
            int batchAxis = -1;
            bool linear = true;
            for (std::size_t i = 0; i < va->dims.size(); ++i) {
                if (va->dims[i] == vb->dims[i]) continue;
                if (batchAxis >= 0 || va->dims[i] % kBatchA != 0 || va->dims[i] / kBatchA * kBatchB != vb->dims[i]) linear = false;
                batchAxis = static_cast<int>(i);
            }
            if (linear && batchAxis < 0 && va->dims == vb->dims && !tensors.fullShape(name)) {
                tensors.setBatchFreeDims(name, va->dims); // the same at both batches: a mask, a bias table
                continue;
            }
            if (!linear || batchAxis < 0) continue;
            const std::int64_t factor = va->dims[static_cast<std::size_t>(batchAxis)] / kBatchA;
            std::vector<std::int64_t> full = va->dims;
            Shape sample;
            bool fits = true;
            for (std::size_t i = 0; i < full.size(); ++i) {
                if (static_cast<int>(i) == batchAxis) {
                    full[i] = factor == 1 ? kBatchDim : kUnknownDim;
                    if (factor > 1) fits = fits && sample.push(factor);
                } else if (full[i] < 1) {
                    fits = false; // an empty axis: not a shape the layers can hold
                } else {
                    fits = fits && sample.push(full[i]);
                }
            }
            if (!fits) continue;
            if (sample.rank() == 0) sample.push(1);
            tensors.setEvaluated(name, std::move(full), sample);
            ++filled;
        }
    return filled;
}

} // namespace netsizer::core::onnximport
