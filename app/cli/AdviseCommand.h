#pragma once
// `netsizer-cli advise MODEL --gpu NAME --batch N [estimate options]`: what to change so that
// the batch fits (core::advise), every suggestion re-estimated and given as the estimate
// options that reproduce it.

#include "app/cli/CliOptions.h"
#include "core/advise/Advice.h"
#include "core/io/ModelFile.h"
#include "core/util/Result.h"

#include <string>

namespace netsizer::cli {

struct AdviseReport {
    std::string modelPath;
    core::ModelFile model;
    core::TrainingConfig config;
    core::Advice advice;
};

// Needs a GPU (--gpu, --gpu-memory or the file's); errors name the option or the file.
core::Result<AdviseReport> runAdvise(const CliOptions& options);

std::string formatAdviseTable(const AdviseReport& report);
std::string formatAdviseJson(const AdviseReport& report);

} // namespace netsizer::cli
