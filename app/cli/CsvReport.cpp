// --format csv: the breakdown CSV the designer's File ▸ Export breakdown ▸ CSV writes too
// (core/report/BreakdownCsv.h lists the rows and columns; docs/cli.md documents them).
#include "app/cli/ReportFormatters.h"

#include "core/report/BreakdownCsv.h"

namespace netsizer::cli {

std::string formatCsv(const EstimateReport& r)
{
    return core::breakdownCsv(r.model.graph, r.analysis, r.breakdown);
}

} // namespace netsizer::cli
