#pragma once
// Per-sample shapes from two concrete evaluations of an ONNX graph (OnnxShapeEval.h), at batch
// sizes 2 and 3. A value whose dims agree at both is batch-independent; one axis that grows by
// 3/2 holds the batch: a factor of 1 is the batch axis itself ([B, T, E] → [T, E], wherever it
// sits: [T, B, E] → [T, E]); a factor h > 1 is an axis the batch is folded into ([B·h, T, T] →
// [h, T, T]), as torch's MultiheadAttention and matmul's folding of rank-4 operands write them.
// Anything else (two batch axes, a batch that does not scale) is left unknown.

#include "core/io/onnx/OnnxTensors.h"

#include <cstdint>

namespace onnx {
class GraphProto;
} // namespace onnx

namespace netsizer::core::onnximport {

// Records in `tensors` every value whose shape ONNX shape inference left unknown and the two
// evaluations give (OnnxTensors::setEvaluated), and the numbers of small static values both
// evaluations agree on and `tensors` does not know yet (Slice bounds, Resize scales). Graph
// inputs' full shapes must already be in `tensors`; an input without a batch symbol takes the
// batch on axis 0. Returns the number of values it filled in.
int fillEvaluatedShapes(const onnx::GraphProto& graph, std::int64_t opset, OnnxTensors& tensors);

} // namespace netsizer::core::onnximport
