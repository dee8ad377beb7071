#include "core/io/onnx/OnnxTrainingMode.h"

#include "core/io/onnx/OnnxAttributes.h"

#include <onnx/onnx_pb.h>

namespace netsizer::core::onnximport {

std::vector<std::string> unrecordedTrainingNotes(const onnx::GraphProto& g)
{
    bool training = false;
    int inplaceable = 0;
    std::string example;
    for (const auto& n : g.node()) {
        const std::string& op = n.op_type();
        if (op == "Dropout" || (op == "BatchNormalization" && (n.output_size() > 1 || attrInt(n, "training_mode", 0) == 1)))
            training = true;
        if (op == "LeakyRelu" || op == "Elu") {
            if (example.empty()) example = n.name().empty() ? op : n.name();
            ++inplaceable;
        }
    }
    std::vector<std::string> notes;
    if (!training)
        notes.push_back("no node shows a training-mode export (no Dropout, no training BatchNormalization): an eval-mode export "
                        "leaves dropout out and may fold BatchNorm into the convolutions. Export with "
                        "training=torch.onnx.TrainingMode.TRAINING, or state each dropout with --dropout LAYER=P");
    if (inplaceable > 0)
        notes.push_back(std::to_string(inplaceable) + " LeakyRelu/Elu node" + (inplaceable > 1 ? "s" : "") +
                        " (e.g. '" + example + "'): ONNX does not record inplace=True, which makes PyTorch keep the output "
                        "instead of the input; state it with --inplace LAYER");
    return notes;
}

} // namespace netsizer::core::onnximport
