#pragma once
// What an ONNX file cannot say about training, as notes for the import report: torch.onnx's
// eval-mode export (its default, and its fallback when a training-mode export fails) removes
// Dropout and may fold BatchNorm into the convolutions; no export records in-place
// activations. The user states them (core/analysis/StatedTraining.h: --dropout, --inplace).

#include <string>
#include <vector>

namespace onnx {
class GraphProto;
}

namespace netsizer::core::onnximport {

// A note when no node shows a training-mode export (a Dropout, a BatchNormalization with
// training_mode = 1 or its running-statistics outputs), and one naming the activations whose
// in-place form keeps another tensor (LeakyRelu, Elu: the output instead of the input).
std::vector<std::string> unrecordedTrainingNotes(const onnx::GraphProto& graph);

} // namespace netsizer::core::onnximport
