// --format csv: the breakdown CSV the designer's File ▸ Export breakdown ▸ CSV writes too
// (core/report/BreakdownCsv.h lists the rows and columns; docs/cli.md documents them).
#include "app/cli/ReportFormatters.h"

#include "core/report/BreakdownCsv.h"

#include <filesystem>

namespace netsizer::cli {

std::string formatCsv(const EstimateReport& r)
{
    // The file's name without its folder, as the designer's export writes it.
    return core::breakdownCsv(r.model.graph, r.analysis, r.breakdown, std::filesystem::path(r.modelPath).filename().string());
}

} // namespace netsizer::cli
