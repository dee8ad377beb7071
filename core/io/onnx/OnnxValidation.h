#pragma once
// Checks an ONNX graph before anything evaluates it: libonnx's shape inference (ONNX 1.12)
// trusts the file and crashes the process on some malformed models (a stride of 0 divides by
// zero; a tensor whose raw data is shorter than its dims is read past its end), and the
// importer's own arithmetic needs bounded dimensions. Include only from core/io/onnx .cpp files.

#include "core/util/Result.h"

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <string>

namespace netsizer::core::onnximport {

// The largest dimension an ONNX file may state (graph inputs, outputs, value_info, tensors,
// kernel / stride / pad attributes): 2^31 − 1, far above any real tensor axis, and small enough
// that no product of two dimensions or padding sum can overflow 64 bits.
inline constexpr std::int64_t kMaxOnnxDim = 2147483647;

// Subgraphs (If / Loop / Scan bodies) nest at most this deep.
inline constexpr int kMaxOnnxGraphDepth = 32;

// Ok, or the first problem found, with code "onnx" and path "<fileName>:<node or tensor name>":
// - every tensor (initializers, Constant values, any tensor attribute, in every subgraph) has
//   dims in [0, kMaxOnnxDim], a known element type, at most 2^63 bytes, and, unless its data is
//   external, exactly as many stored elements (raw bytes or typed values) as its dims say —
//   or none at all (a weightless export);
// - Conv / ConvTranspose / pooling nodes have kernel_shape, strides and dilations >= 1, pads
//   >= 0 and group >= 1, all <= kMaxOnnxDim; DepthToSpace / SpaceToDepth a blocksize >= 1;
// - declared value shapes have dims in [0, kMaxOnnxDim].
Status validateOnnxGraph(const onnx::GraphProto& graph, const std::string& fileName);

} // namespace netsizer::core::onnximport
