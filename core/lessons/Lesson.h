#pragma once
// A guided lesson as data (docs/lessons.md): steps that point at an element of the designer,
// say something, apply settings, hide controls, may ask the student to predict a figure the
// engine then computes (predict-then-reveal), and wait for a condition before moving on.
// Plain value types; read by core::readLesson, played by ui::LessonPlayer.

#include "core/estimate/Framework.h"
#include "core/estimate/GpuCatalog.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"
#include "core/estimate/TrainingConfig.h"
#include "core/report/PeakHeadline.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace netsizer::core {

// A text in several languages, keyed by language code ("en", "it", "ko"). English is always
// present (the reader refuses a text without it).
struct LessonText {
    std::map<std::string, std::string> byLanguage;

    // The text in `language` ("it", or a locale name such as "it_IT"), else English.
    const std::string& in(const std::string& language) const;
    bool empty() const { return byLanguage.empty(); }
};

// What a step sets before it shows. Unset fields leave the designer as it is.
struct LessonSettings {
    // The model to open: "examples/<file>" and "lessons/<file>" are built in (the designer's
    // resources), any other path is relative to the lesson file's folder.
    std::optional<std::string> model;
    std::optional<std::uint64_t> batch;
    std::optional<std::uint32_t> accumulationSteps;
    std::optional<Mode> mode;
    std::optional<Optimizer> optimizer;
    std::optional<Precision> precision;
    std::optional<Framework> framework;
    // A GPU preset name (GpuCatalog); an empty string removes the GPU.
    std::optional<std::string> gpu;
    // The layer selected on the canvas, by name.
    std::optional<std::string> select;
    // The memory chart shown above: "layers", "step", "gpus" or "sequence".
    std::optional<std::string> chart;

    // Applies the configuration fields to `config` (model, select and chart are the UI's).
    // `gpus` resolves the GPU name; the reader has checked it exists.
    void applyTo(TrainingConfig& config, const GpuCatalog& gpus) const;
    bool empty() const;
};

// One figure the engine computes (core/lessons/LessonFigures.h), optionally at another
// configuration than the designer's current one ("peak at framework caffe").
struct FigureRef {
    std::string name; // "peak", "max_batch", "activations", "at_peak.activations", "peak_phase", …
    LessonSettings at; // only the configuration fields are used
};

struct LessonChoice {
    std::string value; // compared with the figure's text form ("backward", "fits", "10")
    LessonText text;
};

// Predict-then-reveal: the student types a number (in `unit`) or picks a choice; the reveal
// shows the engine's figure and how far off the guess was. The answer is never in the file.
struct LessonQuestion {
    enum class Kind { Number, Choice };
    Kind kind = Kind::Number;
    LessonText prompt;
    FigureRef figure;
    // Number questions: the unit the student answers in: "B", "KiB", "MiB", "GiB", "KB", "MB",
    // "GB" for byte figures, "" for counts.
    std::string unit;
    // A guess within this fraction of the engine's figure counts as right (default 10 %).
    double tolerance = 0.10;
    std::vector<LessonChoice> choices;
};

// What lets the student move on from a step.
struct AdvanceCondition {
    enum class Kind {
        Next,          // the forward key or button
        BatchAtLeast,  // batch ≥ number
        BatchAtMost,   // batch ≤ number
        LayerSelected, // the layer named `text` is selected
        Verdict,       // the fit verdict is `text` ("fits", "may_not_fit", "does_not_fit", "no_gpu")
        Optimizer,     // the optimizer is `text` (its JSON name)
        Framework,     // the framework is `text`
        Mode,          // "train" or "inference"
        Answered,      // the question was answered (revealed)
    };
    Kind kind = Kind::Next;
    std::uint64_t number = 0;
    std::string text;
};

struct LessonStep {
    // The element to highlight: a widget's objectName ("BatchControl", "SummaryRow/activations"),
    // "layer:<name>" for a layer on the canvas, or empty.
    std::string target;
    LessonText text; // may hold placeholders: {peak}, {max_batch|batch=10}, … (LessonFigures)
    LessonSettings settings;
    std::vector<std::string> hide; // objectNames hidden while the step shows (until a reveal)
    std::optional<LessonQuestion> question;
    AdvanceCondition advance;
};

struct Lesson {
    LessonText title;
    LessonText summary;
    std::vector<LessonStep> steps; // at least one
};

} // namespace netsizer::core
