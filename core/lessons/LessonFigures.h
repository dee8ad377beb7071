#pragma once
// The figures a lesson may state or ask about, computed by the engine at the designer's current
// configuration or at another one (FigureRef::at). Lesson texts name them in placeholders —
// "{peak}", "{max_batch|batch=10}", "{peak|framework=caffe|optimizer=sgd}" — so a text never
// carries a literal number the engine might not compute (docs/lessons.md lists the names).

#include "core/analysis/Analysis.h"
#include "core/estimate/GpuCatalog.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"
#include "core/lessons/Lesson.h"
#include "core/util/Result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace netsizer::core {

enum class FigureKind { Bytes, Count, Text };

// The kind of figure `name` is, or nullopt for an unknown name.
std::optional<FigureKind> figureKind(const std::string& name);
// Every figure name, comma-separated, for messages.
std::string figureNameList();

struct FigureValue {
    FigureKind kind = FigureKind::Text;
    bool present = false;      // false: the engine has no such figure here (no GPU: no max batch)
    std::uint64_t number = 0;  // Bytes and Count
    std::string text;          // Text figures; numbers in decimal; "none" when absent
};

// What the figures are computed from: the designer's model as analysed and estimated now.
struct LessonEngine {
    const Graph& graph;
    const Analysis& analysis;
    const MemoryBreakdown& breakdown; // at the current configuration (breakdown.config)
    const GpuCatalog& gpus;
};

// The figure `ref` names. With settings in `ref.at` the breakdown is re-estimated from the same
// analysis at the changed configuration (no re-analysis). The name must be known (figureKind).
FigureValue evaluateFigure(const FigureRef& ref, const LessonEngine& engine);

// Sets one setting from its text form: batch, accumulation_steps, mode, optimizer, precision,
// framework, gpu, select, chart, model. Returns the problem as a sentence, empty when set.
std::string assignSetting(LessonSettings& settings, const std::string& key, const std::string& value, const GpuCatalog& gpus);

// A text cut into literal pieces and placeholders. "{{" and "}}" are literal braces.
struct TextPiece {
    std::string literal;
    std::optional<FigureRef> figure;
};
// Errors name the offending placeholder; their path is empty (the reader adds the text's place).
Result<std::vector<TextPiece>> splitPlaceholders(const std::string& text, const GpuCatalog& gpus);

// Bytes per unit for number questions ("MiB" → 1048576; "" → 1 for counts), nullopt for an
// unknown unit.
std::optional<double> unitFactor(const std::string& unit);

// How far a guess is from the engine's figure: (guess − truth) / truth; 0 when both are 0,
// +∞ when only the truth is.
double relativeError(double guess, double truth);

} // namespace netsizer::core
