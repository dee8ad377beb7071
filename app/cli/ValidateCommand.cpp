#include "app/cli/ValidateCommand.h"

#include "app/cli/EstimateCommand.h"

namespace netsizer::cli {
namespace {

using namespace netsizer::core;

ComparisonRow compare(std::string name, std::uint64_t estimated, std::uint64_t measured, const Measurement& m)
{
    ComparisonRow row{std::move(name), estimated, measured, std::nullopt, std::nullopt};
    if (measured > 0)
        row.relativeErrorPct = (static_cast<double>(estimated) - static_cast<double>(measured)) / static_cast<double>(measured) * 100.0;
    else if (estimated == 0)
        row.relativeErrorPct = 0.0;
    // The file's "total" is not its peak's counterpart: only components carry a recorded value.
    if (const auto it = m.recordedEstimate.find(row.name); it != m.recordedEstimate.end() && row.name != "peak")
        row.recorded = it->second;
    return row;
}

} // namespace

core::Result<ValidateReport> runValidate(const CliOptions& o)
{
    ValidateReport r;
    r.measurementPath = o.measurementPath;
    auto measurement = readMeasurementFile(o.measurementPath);
    if (!measurement) return measurement.error();
    r.measurement = std::move(measurement).value();
    const Measurement& m = r.measurement;

    CliOptions run = o;
    run.command = Command::Estimate;
    run.batch = m.batch;
    run.optimizer = m.optimizer;
    run.precision = m.precision;
    run.framework = m.framework;
    run.mode = Mode::Train;
    auto estimate = runEstimate(run);
    if (!estimate) return estimate.error();
    r.estimate = std::move(estimate).value();

    const MemoryBreakdown& b = r.estimate.breakdown;
    const std::uint64_t batch = b.config.batch;
    const MeasuredBytes& mb = m.measured;
    r.rows.push_back(compare("weights", b.bytes(Component::Weights), mb.weights, m));
    r.rows.push_back(compare("gradients", b.bytes(Component::Gradients), mb.gradients, m));
    r.rows.push_back(compare("optimizer_state", b.bytes(Component::OptimizerState), mb.optimizerState, m));
    r.rows.push_back(compare("activations", b.bytes(Component::Activations), mb.activations, m));
    r.rows.push_back(compare("input", b.bytes(Component::Input), mb.input, m));
    std::uint64_t peak = 0;
    if (m.peakKind == PeakKind::CpuSumOfComponents) {
        // The CPU has no allocator statistics: the file's peak is the sum of its components.
        for (std::size_t i = 0; i < 5; ++i) peak += r.rows[i].estimated;
        r.peakRule = "the sum of the five estimated components above (peak_kind cpu_sum_of_components)";
    } else {
        // max_memory_allocated() sees every tensor (workspace included) but not the CUDA
        // context, the allocator's rounding or fragmentation: the peak event minus `overhead`.
        const TimelinePeak p = b.peak();
        peak = p.bytes;
        if (!b.timeline.empty()) peak -= b.timeline.component(b.timeline.events[p.event], Component::Overhead).at(batch);
        r.peakRule = "the simulated step's peak minus overhead (peak_kind cuda_max_memory_allocated)";
    }
    r.rows.push_back(compare("peak", peak, mb.peak, m));
    return r;
}

} // namespace netsizer::cli
