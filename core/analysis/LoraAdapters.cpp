#include "core/analysis/LoraAdapters.h"

#include "core/analysis/Analysis.h"
#include "core/analysis/LayerFreezing.h"
#include "core/layers/KindRegistry.h"
#include "core/layers/LayerKind.h"

#include <algorithm>

namespace netsizer::core {
namespace {

bool matchesTarget(const std::string& name, const std::string& target)
{
    if (name == target) return true;
    return name.size() > target.size() && name.compare(name.size() - target.size(), target.size(), target) == 0 &&
           name[name.size() - target.size() - 1] == '.';
}

Layer adapterLayer(const Graph& graph, const Layer& host, const char* kindId, const std::string& suffix, double dx, double dy)
{
    const LayerKind* kind = KindRegistry::builtin().find(kindId);
    Layer l = makeLayer(*kind, graph.uniqueName(host.name + suffix));
    l.group = host.group;
    l.checkpoint = host.checkpoint;
    l.hasPosition = host.hasPosition;
    l.x = host.x + dx;
    l.y = host.y + dy;
    return l;
}

void setAttr(Layer& l, const std::string& name, AttrValue v)
{
    const int i = l.kind->paramIndex(name);
    if (i >= 0) l.attrs[static_cast<std::size_t>(i)] = std::move(v);
}

} // namespace

bool isLoraLayerName(const std::string& name) { return name.find(".lora_") != std::string::npos; }

Result<std::size_t> addLoraAdapters(Graph& graph, const LoraSpec& spec)
{
    if (spec.rank < 1) return makeError("lora", "the LoRA rank must be at least 1", "lora/rank");
    const Analysis a = analyze(graph);
    if (!a.ok()) return makeError("lora", "the model does not analyse: " + a.errors.front().message, "lora/targets");
    const bool allLinear = std::find(spec.targets.begin(), spec.targets.end(), "all-linear") != spec.targets.end();
    std::size_t outputLayer = a.layers.size();
    for (std::size_t i = a.layers.size(); i-- > 0;)
        if (a.layers[i].learnableParams > 0) {
            outputLayer = i;
            break;
        }

    struct Host {
        LayerId id;
        Count in, out;
    };
    std::vector<Host> hosts;
    for (std::size_t i = 0; i < a.layers.size(); ++i) {
        const LayerAnalysis& la = a.layers[i];
        const Layer& l = graph.layers()[la.layerIndex];
        if (l.kind->id != "Dense" || la.result.params.empty()) continue;
        const bool targeted = allLinear ? i != outputLayer
                                        : std::any_of(spec.targets.begin(), spec.targets.end(),
                                                      [&](const std::string& t) { return matchesTarget(l.name, t); });
        if (!targeted) continue;
        if (graph.findByName(l.name + ".lora_A"))
            return makeError("lora", "layer '" + l.name + "' already has a LoRA adapter", "lora/targets");
        const ParamTensor& w = la.result.params.front();
        hosts.push_back({l.id, w.lastDims[0], w.lastDims[1]});
    }
    if (hosts.empty()) return makeError("lora", "no Linear layer matches the LoRA targets", "lora/targets");

    trainOnlyMatching(graph, {".lora_"}); // the base: everything but existing adapters

    for (const Host& h : hosts) {
        const Layer host = *graph.find(h.id);
        const std::vector<Connection> ins = graph.inputsOf(h.id), outs = graph.outputsOf(h.id);
        if (ins.empty()) continue;
        PortRef x = ins.front().from;
        if (spec.dropout > 0.0) {
            Layer d = adapterLayer(graph, host, "Dropout", ".lora_dropout", 160, 0);
            setAttr(d, "p", spec.dropout);
            const LayerId id = graph.addLayer(std::move(d));
            graph.connect({x, {id, 0}});
            x = {id, 0};
        }
        Layer la = adapterLayer(graph, host, "Dense", ".lora_A", 160, 40);
        setAttr(la, "units", static_cast<std::int64_t>(spec.rank));
        setAttr(la, "bias", false);
        const LayerId aId = graph.addLayer(std::move(la));
        graph.connect({x, {aId, 0}});
        Layer lb = adapterLayer(graph, host, "Dense", ".lora_B", 160, 80);
        setAttr(lb, "units", static_cast<std::int64_t>(h.out));
        setAttr(lb, "bias", false);
        const LayerId bId = graph.addLayer(std::move(lb));
        graph.connect({{aId, 0}, {bId, 0}});
        Layer sc = adapterLayer(graph, host, "Elementwise", ".lora_scaling", 160, 120);
        setAttr(sc, "op", std::string("mul"));
        setAttr(sc, "constant", spec.alpha / static_cast<double>(spec.rank));
        const LayerId sId = graph.addLayer(std::move(sc));
        graph.connect({{bId, 0}, {sId, 0}});
        const LayerId addId = graph.addLayer(adapterLayer(graph, host, "Add", ".lora_add", 0, 160));
        for (const Connection& c : outs)
            if (c.from.port == 0) {
                graph.disconnect(c);
                graph.connect({{addId, 0}, c.to});
            }
        graph.connect({{h.id, 0}, {addId, 0}});
        graph.connect({{sId, 0}, {addId, 1}});
    }
    return hosts.size();
}

} // namespace netsizer::core
