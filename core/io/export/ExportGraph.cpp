#include "core/io/export/ExportGraph.h"

#include "core/layers/LayerKind.h"
#include "core/util/Check.h"

#include <cassert>
#include <cmath>
#include <cstdio>
#include <set>
#include <string_view>

namespace netsizer::core {

namespace {

bool isPythonKeyword(std::string_view s)
{
    static const std::set<std::string_view> kw = {
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
        "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
        "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
        // names the generated files use themselves
        "self", "torch", "nn", "F", "x", "keras", "layers", "inputs", "outputs", "model"};
    return kw.count(s) > 0;
}

std::string sanitize(const std::string& name)
{
    std::string s;
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        s += ok ? c : '_';
    }
    if (s.empty() || (s[0] >= '0' && s[0] <= '9')) s = "l_" + s;
    if (isPythonKeyword(s)) s += "_";
    return s;
}

const AttrValue& attr(const Layer& layer, const char* name)
{
    const int i = layer.kind->paramIndex(name);
    NETSIZER_CHECK(i >= 0 && static_cast<std::size_t>(i) < layer.attrs.size(), "ExportGraph: attribute not in the kind");
    return layer.attrs[static_cast<std::size_t>(i)];
}

} // namespace

Result<ExportGraph> ExportGraph::prepare(const Graph& graph)
{
    ExportGraph g;
    g.m_graph = &graph;
    auto order = graph.topologicalOrder();
    if (!order) return order.error();
    g.m_analysis = analyze(graph);
    if (!g.m_analysis.ok()) {
        Error e = g.m_analysis.errors.front();
        e.message = "cannot export a network with errors: " + e.message;
        return e;
    }
    for (std::size_t i = 0; i < g.m_analysis.layers.size(); ++i)
        g.m_analysisIndex[static_cast<std::uint32_t>(g.m_analysis.layers[i].id)] = i;
    std::set<std::string> taken;
    for (std::size_t idx : *order) {
        const Layer& l = graph.layers()[idx];
        g.m_order.push_back(&l);
        std::string base = sanitize(l.name), name = base;
        for (int k = 2; taken.count(name); ++k) name = base + "_" + std::to_string(k);
        taken.insert(name);
        g.m_idents[static_cast<std::uint32_t>(l.id)] = name;
    }
    return g;
}

std::vector<const Layer*> ExportGraph::outputs() const
{
    std::vector<const Layer*> out;
    for (const Layer* l : m_order)
        if (m_graph->outputsOf(l->id).empty()) out.push_back(l);
    return out;
}

std::vector<const Layer*> ExportGraph::inputs() const
{
    std::vector<const Layer*> in;
    for (const Layer* l : m_order)
        if (kindOf(*l) == "Input") in.push_back(l);
    return in;
}

const LayerAnalysis& ExportGraph::analysisOf(const Layer& layer) const
{
    return m_analysis.layers.at(m_analysisIndex.at(static_cast<std::uint32_t>(layer.id)));
}

const Shape& ExportGraph::outputShape(const Layer& layer, int port) const
{
    return analysisOf(layer).result.outputs.at(static_cast<std::size_t>(port)).shape;
}

const Shape& ExportGraph::inputShape(const Layer& layer, int port) const
{
    for (const Connection& c : m_graph->inputsOf(layer.id))
        if (c.to.port == port) return outputShape(*m_graph->find(c.from.layer), c.from.port);
    assert(false && "input port not connected");
    static const Shape none;
    return none;
}

std::string ExportGraph::tensorName(const PortRef& from) const
{
    const std::string& base = m_idents.at(static_cast<std::uint32_t>(from.layer));
    return from.port == 0 ? base : base + "_" + std::to_string(from.port);
}

std::int64_t attrInt(const Layer& layer, const char* name) { return std::get<std::int64_t>(attr(layer, name)); }
double attrFloat(const Layer& layer, const char* name) { return std::get<double>(attr(layer, name)); }
bool attrBool(const Layer& layer, const char* name) { return std::get<bool>(attr(layer, name)); }
const std::string& attrString(const Layer& layer, const char* name) { return std::get<std::string>(attr(layer, name)); }

IntList attrList(const Layer& layer, const char* name, int n)
{
    IntList v = std::get<IntList>(attr(layer, name));
    if (n > 0 && v.size() == 1) v.assign(static_cast<std::size_t>(n), v[0]);
    return v;
}

bool hasAttr(const Layer& layer, const char* name) { return layer.kind->paramIndex(name) >= 0; }

const std::string& kindOf(const Layer& layer) { return layer.kind->id; }

Error unsupported(const Layer& layer, const std::string& target, const std::string& why)
{
    return makeError("export_unsupported",
                     target + " cannot express layer kind " + kindOf(layer) + (why.empty() ? "" : " (" + why + ")"),
                     layer.name);
}

std::string formatFloat(double v)
{
    if (std::isinf(v)) return v < 0 ? "-1e308" : "1e308";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    // Shortest text that reads back exactly.
    for (int prec = 1; prec <= 17; ++prec) {
        char t[64];
        std::snprintf(t, sizeof t, "%.*g", prec, v);
        if (std::strtod(t, nullptr) == v) {
            std::snprintf(buf, sizeof buf, "%s", t);
            break;
        }
    }
    std::string s = buf;
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
    return s;
}

} // namespace netsizer::core
