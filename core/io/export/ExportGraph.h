#pragma once
// What every exporter needs from a graph: the analysis (shapes and parameter counts per layer),
// the layers in topological order, identifiers safe in Python / prototxt, and typed access to
// attributes by name. Built once per export; holds a reference to the graph (which must outlive
// it).

#include "core/analysis/Analysis.h"
#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace netsizer::core {

class ExportGraph {
public:
    // Analyses `graph`; an error (path = the layer's name) when the analysis reports one or the
    // graph has a cycle: exporters only write networks NetSizer can size.
    static Result<ExportGraph> prepare(const Graph& graph);

    const Graph& graph() const { return *m_graph; }
    const Analysis& analysis() const { return m_analysis; }
    // Layers in topological order (inputs first).
    const std::vector<const Layer*>& order() const { return m_order; }
    // Layers nothing consumes (the model outputs), in topological order.
    std::vector<const Layer*> outputs() const;
    // Input layers (kind "Input"), in topological order.
    std::vector<const Layer*> inputs() const;

    const LayerAnalysis& analysisOf(const Layer& layer) const;
    // Output shape `port` of `layer` (per sample, no batch axis).
    const Shape& outputShape(const Layer& layer, int port = 0) const;
    // Shape of the tensor feeding input port `port` of `layer`.
    const Shape& inputShape(const Layer& layer, int port = 0) const;
    // The connections into `layer`, sorted by input port.
    std::vector<Connection> inputsOf(const Layer& layer) const { return m_graph->inputsOf(layer.id); }
    const Layer& layer(LayerId id) const { return *m_graph->find(id); }

    // A unique identifier for `layer`: [A-Za-z_][A-Za-z0-9_]*, not a Python keyword, stable.
    const std::string& ident(const Layer& layer) const { return m_idents.at(static_cast<std::uint32_t>(layer.id)); }
    // The expression naming output `port` of the layer feeding input port `port` of `layer`:
    // ident, or ident + "_" + port for ports other than 0.
    std::string tensorName(const PortRef& from) const;

    // Learnable parameter elements of the whole graph (PyTorch's parameters()).
    Count params() const { return m_analysis.paramsTotal; }

private:
    const Graph* m_graph = nullptr;
    Analysis m_analysis;
    std::vector<const Layer*> m_order;
    std::unordered_map<std::uint32_t, std::size_t> m_analysisIndex; // LayerId -> analysis index
    std::unordered_map<std::uint32_t, std::string> m_idents;
};

// Typed attribute access by the kind's parameter name. Asserts the name exists (a programming
// error in an exporter). Lists: expanded to `n` values when given one value and n > 0.
std::int64_t attrInt(const Layer& layer, const char* name);
double attrFloat(const Layer& layer, const char* name);
bool attrBool(const Layer& layer, const char* name);
const std::string& attrString(const Layer& layer, const char* name);
IntList attrList(const Layer& layer, const char* name, int n = 0);
bool hasAttr(const Layer& layer, const char* name);

// The kind id of a layer ("Conv2D").
const std::string& kindOf(const Layer& layer);

// An "export_unsupported" error naming the layer: "<target> cannot express layer kind X (why)".
Error unsupported(const Layer& layer, const std::string& target, const std::string& why = {});

// A number written so that Python, JSON and prototxt read it back exactly ("1e-05", "0.5", "2.0").
std::string formatFloat(double v);

} // namespace netsizer::core
