#include "core/io/NativeFormat.h"

#include "core/io/TrainingConfigJson.h"
#include "core/layers/LayerKind.h"
#include "core/util/JsonText.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace netsizer::core {
namespace {

using ordered = nlohmann::ordered_json;

ordered attrToJson(const AttrValue& v)
{
    struct Visitor {
        ordered operator()(std::int64_t i) const { return i; }
        ordered operator()(double d) const { return d; }
        ordered operator()(bool b) const { return b; }
        ordered operator()(const std::string& s) const { return s; }
        ordered operator()(const IntList& l) const { return l; }
    };
    return std::visit(Visitor{}, v);
}

} // namespace

std::string writeNativeModel(const ModelFile& model)
{
    const Graph& g = model.graph;
    ordered doc;
    doc["format"] = "netsizer-model";
    const bool checkpointed = std::any_of(g.layers().begin(), g.layers().end(), [](const Layer& l) { return !l.checkpoint.empty(); });
    const bool parallel = model.training && model.training->parallel.active();
    const bool frozenWeights = model.training && model.training->frozenWeights.active();
    doc["version"] = frozenWeights ? kNativeFormatFirstFrozenWeightsVersion
                     : parallel    ? kNativeFormatFirstParallelVersion
                     : checkpointed ? kNativeFormatFirstCheckpointVersion
                                    : 1;
    doc["name"] = g.name;
    if (!model.description.empty()) doc["description"] = model.description;
    ordered layers = ordered::array();
    for (const Layer& l : g.layers()) {
        ordered j;
        j["name"] = l.name;
        j["type"] = l.kind ? l.kind->id : std::string("?");
        const auto ins = g.inputsOf(l.id);
        if (!ins.empty()) {
            ordered names = ordered::array();
            for (const auto& c : ins) {
                const Layer* src = g.find(c.from.layer);
                std::string s = src ? src->name : std::string("?");
                if (c.from.port != 0) s += ":" + std::to_string(c.from.port);
                names.push_back(s);
            }
            j["inputs"] = names;
        }
        if (l.kind && !l.kind->params.empty()) {
            ordered attrs = ordered::object();
            for (std::size_t i = 0; i < l.kind->params.size() && i < l.attrs.size(); ++i)
                attrs[l.kind->params[i].name] = attrToJson(l.attrs[i]);
            j["attrs"] = attrs;
        }
        if (!l.trainable) j["trainable"] = false;
        if (l.hasPosition) j["position"] = {l.x, l.y};
        if (!l.group.empty()) j["group"] = l.group;
        if (!l.checkpoint.empty()) j["checkpoint"] = l.checkpoint;
        layers.push_back(std::move(j));
    }
    doc["layers"] = std::move(layers);
    if (model.training) doc["training"] = ordered::parse(dumpJson(trainingConfigToJson(*model.training)));
    return dumpJson(doc, 2) + "\n";
}

} // namespace netsizer::core
