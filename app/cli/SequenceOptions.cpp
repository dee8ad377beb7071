#include "app/cli/SequenceOptions.h"

#include "core/layers/LayerKind.h"

#include <string>
#include <vector>

namespace netsizer::cli {
namespace {

// The ids of the layers of kind `kindId` (the graph hands out mutable layers by id).
std::vector<core::LayerId> layersOfKind(const core::Graph& g, const char* kindId)
{
    std::vector<core::LayerId> ids;
    for (const core::Layer& l : g.layers())
        if (l.kind && l.kind->id == kindId) ids.push_back(l.id);
    return ids;
}

core::Status applySequenceLength(std::int64_t length, bool onnx, core::ModelFile& model)
{
    if (onnx)
        return core::makeError("usage", "an ONNX graph's token ids are shaped at import: give --input-shape NAME=" +
                                            std::to_string(length),
                               "--seq-len");
    std::size_t tokenInputs = 0, changed = 0;
    for (const core::LayerId id : layersOfKind(model.graph, "Input")) {
        core::Layer& l = *model.graph.find(id);
        const int shape = l.kind->paramIndex("shape"), dtype = l.kind->paramIndex("dtype");
        if (shape < 0 || dtype < 0 || std::get<std::string>(l.attrs[static_cast<std::size_t>(dtype)]) != "int64") continue;
        auto& dims = std::get<core::IntList>(l.attrs[static_cast<std::size_t>(shape)]);
        if (dims.size() != 1) continue;
        ++tokenInputs;
        if (dims[0] == length) continue;
        dims[0] = length;
        ++changed;
        model.notes.push_back("input '" + l.name + "' set to " + std::to_string(length) + " tokens per sample (--seq-len)");
    }
    if (tokenInputs == 0)
        return core::makeError("usage", "the model has no token-id input (an int64 Input of shape [S]) whose length could be set",
                               "--seq-len");
    return core::Ok{};
}

core::Status applyAttention(bool flash, core::ModelFile& model)
{
    std::size_t layers = 0;
    for (const core::LayerId id : layersOfKind(model.graph, "ScaledDotProductAttention")) {
        core::Layer& l = *model.graph.find(id);
        const int index = l.kind->paramIndex("flash");
        l.attrs[static_cast<std::size_t>(index)] = flash;
        ++layers;
    }
    if (layers == 0)
        return core::makeError("usage", "the model has no ScaledDotProductAttention layer (q, k, v attention) to switch",
                               "--attention");
    model.notes.push_back(std::to_string(layers) + " attention layer(s) set to " + (flash ? "FlashAttention" : "eager attention") +
                          " (--attention)");
    return core::Ok{};
}

} // namespace

core::Status applySequenceOptions(const CliOptions& o, bool onnx, core::ModelFile& model)
{
    if (o.seqLen)
        if (auto s = applySequenceLength(*o.seqLen, onnx, model); !s) return s;
    if (o.flashAttention)
        if (auto s = applyAttention(*o.flashAttention, model); !s) return s;
    return core::Ok{};
}

} // namespace netsizer::cli
