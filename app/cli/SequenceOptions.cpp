#include "app/cli/SequenceOptions.h"

#include "core/analysis/SequenceLength.h"
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
    if (core::tokenInputs(model.graph).empty())
        return core::makeError("usage", "the model has no token-id input (an int64 Input of shape [S]) whose length could be set",
                               "--seq-len");
    for (const std::string& name : core::setSequenceLength(model.graph, length))
        model.notes.push_back("input '" + name + "' set to " + std::to_string(length) + " tokens per sample (--seq-len)");
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
