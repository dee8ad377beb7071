#pragma once
// The three renderings of an EstimateReport (docs/cli.md describes each field). Each returns
// the complete text for stdout, ending with a newline.

#include "app/cli/EstimateReport.h"

#include <string>

namespace netsizer::cli {

std::string formatJson(const EstimateReport& report);  // JsonReport.cpp
std::string formatTable(const EstimateReport& report); // TableReport.cpp
std::string formatCsv(const EstimateReport& report);   // CsvReport.cpp

} // namespace netsizer::cli
