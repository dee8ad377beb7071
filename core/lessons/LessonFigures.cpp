#include "core/lessons/LessonFigures.h"

#include "core/estimate/Estimator.h"
#include "core/report/PeakHeadline.h"

#include <array>
#include <cmath>
#include <limits>
#include <utility>

namespace netsizer::core {

namespace {

constexpr std::string_view kAtPeak = "at_peak.";

// The figures besides the components (whose names are componentName's).
constexpr std::array<std::pair<std::string_view, FigureKind>, 13> kFigures = {{
    {"peak", FigureKind::Bytes},            // the headline: the peak of the step
    {"peak_low", FigureKind::Bytes},        // its band
    {"peak_high", FigureKind::Bytes},
    {"component_sum", FigureKind::Bytes},   // every component at its own maximum, summed
    {"forward_outputs", FigureKind::Bytes}, // every layer's output × batch: the hand estimate
    {"gpu_memory", FigureKind::Bytes},
    {"max_batch", FigureKind::Count},
    {"params", FigureKind::Count},
    {"batch", FigureKind::Count},
    {"effective_batch", FigureKind::Count},
    {"peak_phase", FigureKind::Text}, // forward, loss, backward, optimizer, recompute, start
    {"peak_layer", FigureKind::Text},
    {"verdict", FigureKind::Text},    // fits, may_not_fit, does_not_fit, no_gpu
}};

std::optional<Component> componentByName(std::string_view name)
{
    for (Component c : kAllComponents)
        if (componentName(c) == name) return c;
    return std::nullopt;
}

FigureValue bytes(std::uint64_t v) { return {FigureKind::Bytes, true, v, std::to_string(v)}; }
FigureValue count(std::uint64_t v) { return {FigureKind::Count, true, v, std::to_string(v)}; }
FigureValue text(std::string v) { return {FigureKind::Text, true, 0, std::move(v)}; }

// Σ every layer's outputs (model inputs excluded) × batch at the activation dtype: what summing
// the forward pass's tensors by hand gives.
std::uint64_t forwardOutputs(const Analysis& a, const TrainingConfig& c)
{
    std::uint64_t perSample = 0;
    const std::uint64_t elem = precisionInfo(c.precision).activationBytes;
    for (const LayerAnalysis& l : a.layers)
        if (l.analysed && !l.modelInput) perSample += l.outputActivationNumel * elem + l.outputOtherBytes;
    return perSample * c.batch;
}

} // namespace

std::optional<FigureKind> figureKind(const std::string& name)
{
    for (const auto& [n, k] : kFigures)
        if (n == name) return k;
    if (componentByName(name)) return FigureKind::Bytes;
    if (name.rfind(kAtPeak, 0) == 0 && componentByName(std::string_view(name).substr(kAtPeak.size())))
        return FigureKind::Bytes;
    return std::nullopt;
}

std::string figureNameList()
{
    std::string out;
    for (const auto& f : kFigures) out += std::string(f.first) + ", ";
    for (Component c : kAllComponents) out += std::string(componentName(c)) + ", ";
    return out + "at_peak.<component>";
}

FigureValue evaluateFigure(const FigureRef& ref, const LessonEngine& engine)
{
    const std::string& name = ref.name;
    std::optional<MemoryBreakdown> other;
    if (!ref.at.empty()) {
        TrainingConfig c = engine.breakdown.config;
        ref.at.applyTo(c, engine.gpus);
        other = estimate(engine.analysis, c, engine.gpus.defaultContextBytes());
    }
    const MemoryBreakdown& b = other ? *other : engine.breakdown;
    const std::uint64_t batch = b.config.batch;
    if (name == "peak") return bytes(b.peakAt(batch));
    if (name == "peak_low") return bytes(b.peakLowAt(batch));
    if (name == "peak_high") return bytes(b.peakHighAt(batch));
    if (name == "component_sum") return bytes(b.componentMaximaSumAt(batch));
    if (name == "forward_outputs") return bytes(forwardOutputs(engine.analysis, b.config));
    if (name == "params") return count(engine.analysis.paramsTotal);
    if (name == "batch") return count(batch);
    if (name == "effective_batch") return count(b.config.effectiveBatch());
    if (name == "gpu_memory" || name == "max_batch") {
        std::optional<std::uint64_t> v;
        if (b.config.gpu) v = name == "gpu_memory" ? std::optional(b.config.gpu->memoryBytes) : b.maxBatch();
        if (!v) return {name == "gpu_memory" ? FigureKind::Bytes : FigureKind::Count, false, 0, "none"};
        return name == "gpu_memory" ? bytes(*v) : count(*v);
    }
    if (name == "peak_phase") return text(stepPhaseName(b.peak().phase));
    if (name == "peak_layer") {
        const auto id = b.peak().layer;
        const Layer* l = id ? engine.graph.find(*id) : nullptr;
        return l ? text(l->name) : FigureValue{FigureKind::Text, false, 0, "none"};
    }
    if (name == "verdict") return text(fitVerdictName(fitVerdict(b.peakCompositionAt(batch), b.config)));
    if (const auto c = componentByName(name)) return bytes(b[*c].at(batch));
    if (name.rfind(kAtPeak, 0) == 0)
        if (const auto c = componentByName(std::string_view(name).substr(kAtPeak.size())))
            return bytes(b.peakCompositionAt(batch)[*c]);
    return {FigureKind::Text, false, 0, "none"};
}

std::string assignSetting(LessonSettings& s, const std::string& key, const std::string& value, const GpuCatalog& gpus)
{
    auto number = [&](std::uint64_t low, std::uint64_t high) -> std::optional<std::uint64_t> {
        if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos || value.size() > 12) return std::nullopt;
        const std::uint64_t v = std::stoull(value);
        if (v < low || v > high) return std::nullopt;
        return v;
    };
    if (key == "batch") {
        s.batch = number(1, TrainingConfig::kMaxBatch);
        return s.batch ? "" : "batch must be an integer from 1 to " + std::to_string(TrainingConfig::kMaxBatch);
    }
    if (key == "accumulation_steps") {
        const auto v = number(1, TrainingConfig::kMaxAccumulationSteps);
        if (!v) return "accumulation_steps must be an integer from 1 to " + std::to_string(TrainingConfig::kMaxAccumulationSteps);
        s.accumulationSteps = static_cast<std::uint32_t>(*v);
        return "";
    }
    if (key == "mode") {
        s.mode = parseMode(value);
        return s.mode ? "" : "unknown mode '" + value + "' (train or inference)";
    }
    if (key == "optimizer") {
        s.optimizer = parseOptimizer(value);
        return s.optimizer ? "" : "unknown optimizer '" + value + "'";
    }
    if (key == "precision") {
        s.precision = parsePrecision(value);
        return s.precision ? "" : "unknown precision '" + value + "'";
    }
    if (key == "framework") {
        s.framework = parseFramework(value);
        return s.framework ? "" : "unknown framework '" + value + "' (" + frameworkNameList() + ")";
    }
    if (key == "gpu") {
        if (!value.empty() && !gpus.find(value)) return "unknown GPU preset '" + value + "' (netsizer-cli gpus lists them)";
        s.gpu = value;
        return "";
    }
    if (key == "chart") {
        if (value != "layers" && value != "step" && value != "gpus" && value != "sequence")
            return "chart must be layers, step, gpus or sequence";
        s.chart = value;
        return "";
    }
    if (key == "select" || key == "model") {
        if (value.empty()) return key + " must not be empty";
        (key == "select" ? s.select : s.model) = value;
        return "";
    }
    return "unknown setting '" + key + "' (batch, accumulation_steps, mode, optimizer, precision, framework, gpu, select, "
                                       "chart, model)";
}

Result<std::vector<TextPiece>> splitPlaceholders(const std::string& text, const GpuCatalog& gpus)
{
    std::vector<TextPiece> out;
    std::string literal;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if ((ch == '{' || ch == '}') && i + 1 < text.size() && text[i + 1] == ch) {
            literal += ch;
            ++i;
            continue;
        }
        if (ch == '}') return makeError("placeholder", "a '}' closes no placeholder (write '}}' for a brace)");
        if (ch != '{') {
            literal += ch;
            continue;
        }
        const std::size_t end = text.find('}', i);
        if (end == std::string::npos) return makeError("placeholder", "a placeholder '{' is not closed");
        const std::string inner = text.substr(i + 1, end - i - 1);
        FigureRef ref;
        std::size_t start = 0;
        bool first = true;
        while (start <= inner.size()) {
            const std::size_t bar = std::min(inner.find('|', start), inner.size());
            const std::string part = inner.substr(start, bar - start);
            if (first) {
                ref.name = part;
                if (!figureKind(part))
                    return makeError("placeholder", "unknown figure '" + part + "' in {" + inner + "} (" + figureNameList() + ")");
            } else {
                const std::size_t eq = part.find('=');
                if (eq == std::string::npos) return makeError("placeholder", "'" + part + "' in {" + inner + "} is not key=value");
                const std::string key = part.substr(0, eq);
                if (key == "model" || key == "select" || key == "chart")
                    return makeError("placeholder", "a placeholder can change the configuration only, not '" + key + "'");
                if (const std::string problem = assignSetting(ref.at, key, part.substr(eq + 1), gpus); !problem.empty())
                    return makeError("placeholder", problem + " in {" + inner + "}");
            }
            first = false;
            start = bar + 1;
        }
        if (!literal.empty()) out.push_back({std::move(literal), std::nullopt});
        literal.clear();
        out.push_back({{}, std::move(ref)});
        i = end;
    }
    if (!literal.empty()) out.push_back({std::move(literal), std::nullopt});
    return out;
}

std::optional<double> unitFactor(const std::string& unit)
{
    static const std::array<std::pair<std::string_view, double>, 8> units = {{
        {"", 1.0}, {"B", 1.0}, {"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0},
        {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9},
    }};
    for (const auto& [name, factor] : units)
        if (name == unit) return factor;
    return std::nullopt;
}

double relativeError(double guess, double truth)
{
    if (truth == 0.0) return guess == 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
    return (guess - truth) / truth;
}

} // namespace netsizer::core
