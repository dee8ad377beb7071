#include "core/lessons/LessonProgress.h"

namespace netsizer::core {

bool conditionMet(const AdvanceCondition& condition, const LessonProgressState& state)
{
    using K = AdvanceCondition::Kind;
    switch (condition.kind) {
    case K::Next: return true;
    case K::BatchAtLeast: return state.config.batch >= condition.number;
    case K::BatchAtMost: return state.config.batch <= condition.number;
    case K::LayerSelected: return state.selectedLayer == condition.text;
    case K::Verdict: return fitVerdictName(state.verdict) == condition.text;
    case K::Optimizer: return optimizerInfo(state.config.optimizer).name == condition.text;
    case K::Framework: return frameworkInfo(state.config.framework).name == condition.text;
    case K::Mode: return modeName(state.config.mode) == condition.text;
    case K::Answered: return state.answered;
    }
    return false;
}

} // namespace netsizer::core
