#include "app/cli/TrainableOptions.h"

#include "core/analysis/Analysis.h"
#include "core/analysis/LayerFreezing.h"
#include "core/util/NumberFormat.h"

#include <algorithm>

namespace netsizer::cli {

core::Result<bool> applyTrainableOptions(const CliOptions& o, core::ModelFile& model)
{
    if (o.freeze.empty() && o.trainOnly.empty() && !o.trainLast) return false;
    core::Graph& g = model.graph;
    for (const auto* patterns : {&o.freeze, &o.trainOnly})
        for (const std::string& p : *patterns) {
            const bool any = std::any_of(g.layers().begin(), g.layers().end(),
                                         [&](const core::Layer& l) { return l.name.find(p) != std::string::npos; });
            if (!any)
                return core::makeError("usage", "no layer name contains '" + p + "'",
                                       patterns == &o.freeze ? "--freeze" : "--train-only");
        }
    core::freezeMatching(g, o.freeze);
    if (!o.trainOnly.empty()) core::trainOnlyMatching(g, o.trainOnly);
    const core::Analysis a = core::analyze(g);
    if (o.trainLast) core::trainLastLayers(g, a, *o.trainLast);
    std::size_t frozen = 0, withWeights = 0;
    for (const core::LayerId id : core::layersWithWeights(a)) {
        ++withWeights;
        frozen += !g.find(id)->trainable;
    }
    model.notes.push_back(core::withThousands(static_cast<std::uint64_t>(frozen)) + " of " +
                          core::withThousands(static_cast<std::uint64_t>(withWeights)) +
                          " layers with weights frozen by --freeze / --train-only / --train-last");
    return true;
}

} // namespace netsizer::cli
