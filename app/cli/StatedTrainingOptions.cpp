#include "app/cli/StatedTrainingOptions.h"

#include "core/analysis/StatedTraining.h"

#include <sstream>

namespace netsizer::cli {

namespace {

std::string rateText(double p)
{
    std::ostringstream s;
    s << p;
    return s.str();
}

} // namespace

core::Status applyStatedTrainingOptions(const CliOptions& o, core::ModelFile& model)
{
    for (const auto& [layer, p] : o.dropouts) {
        auto id = core::insertDropoutAfter(model.graph, layer, p);
        if (!id) {
            core::Error e = id.error();
            e.path = "--dropout";
            return e;
        }
        model.notes.push_back("--dropout: Dropout(p=" + rateText(p) + ") added after '" + layer + "'");
    }
    for (const std::string& layer : o.inplace) {
        if (auto s = core::setInplace(model.graph, layer); !s) {
            core::Error e = s.error();
            e.path = "--inplace";
            return e;
        }
        model.notes.push_back("--inplace: '" + layer + "' runs in place");
    }
    return core::Ok{};
}

} // namespace netsizer::cli
