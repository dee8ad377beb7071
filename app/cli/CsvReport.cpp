// --format csv: one row per layer, then one row per component and a total row, all with the
// same columns (docs/cli.md):
//   row,name,type,output_shape,params,activations_per_sample,weights,gradients,optimizer_state,
//   activations,fixed,per_sample,batch,bytes
// `row` is "layer", "component" or "total". Byte columns are exact integers; weights ..
// activations and bytes are at `batch`; fixed + batch × per_sample = bytes on every row.
// Component and total rows leave the layer columns empty.
#include "app/cli/ReportFormatters.h"

#include "core/layers/LayerKind.h"

namespace netsizer::cli {
namespace {

using namespace netsizer::core;

std::string field(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string shapeText(const Shape& s)
{
    std::string t;
    for (int i = 0; i < s.rank(); ++i) t += (i ? "x" : "") + std::to_string(s[i]);
    return t;
}

std::string row(const std::vector<std::string>& cells)
{
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i) line += (i ? "," : "") + field(cells[i]);
    return line + "\n";
}

std::string n(std::uint64_t v) { return std::to_string(v); }

} // namespace

std::string formatCsv(const EstimateReport& r)
{
    const MemoryBreakdown& m = r.breakdown;
    const std::uint64_t batch = m.config.batch;
    std::string out = row({"row", "name", "type", "output_shape", "params", "activations_per_sample", "weights", "gradients",
                           "optimizer_state", "activations", "fixed", "per_sample", "batch", "bytes"});
    for (std::size_t i = 0; i < r.analysis.layers.size(); ++i) {
        const LayerAnalysis& la = r.analysis.layers[i];
        const LayerMemory& lm = m.layers[i];
        const Layer& layer = r.model.graph.layers()[la.layerIndex];
        auto at = [&](Component c) { return n(lm.components[static_cast<std::size_t>(c)].at(batch)); };
        const AffineBytes total = lm.total();
        out += row({"layer", layer.name, layer.kind->id,
                    la.result.outputs.empty() ? "" : shapeText(la.result.outputs[0].shape), n(la.learnableParams),
                    n(lm.components[static_cast<std::size_t>(Component::Activations)].perSample), at(Component::Weights),
                    at(Component::Gradients), at(Component::OptimizerState), at(Component::Activations), n(total.fixed),
                    n(total.perSample), n(batch), n(total.at(batch))});
    }
    for (Component c : kAllComponents)
        out += row({"component", componentName(c), "", "", "", "", "", "", "", "", n(m[c].fixed), n(m[c].perSample), n(batch),
                    n(m.bytes(c))});
    out += row({"total", "total", "", "", "", "", "", "", "", "", n(m.total.fixed), n(m.total.perSample), n(batch),
                n(m.totalBytes())});
    return out;
}

} // namespace netsizer::cli
