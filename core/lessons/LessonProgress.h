#pragma once
// Whether a lesson step's condition to advance holds (core/lessons/Lesson.h AdvanceCondition).

#include "core/estimate/TrainingConfig.h"
#include "core/lessons/Lesson.h"
#include "core/report/PeakHeadline.h"

#include <string>

namespace netsizer::core {

// The designer's state as far as conditions look at it.
struct LessonProgressState {
    TrainingConfig config;
    std::string selectedLayer; // the one selected layer's name, empty for none or several
    FitVerdict verdict = FitVerdict::NoGpu;
    bool answered = false; // the step's question was revealed
};

bool conditionMet(const AdvanceCondition& condition, const LessonProgressState& state);

} // namespace netsizer::core
