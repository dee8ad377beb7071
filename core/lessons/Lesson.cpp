#include "core/lessons/Lesson.h"

namespace netsizer::core {

const std::string& LessonText::in(const std::string& language) const
{
    if (const auto it = byLanguage.find(language); it != byLanguage.end()) return it->second;
    // "it_IT" → "it"
    if (const auto cut = language.find_first_of("_-"); cut != std::string::npos)
        if (const auto it = byLanguage.find(language.substr(0, cut)); it != byLanguage.end()) return it->second;
    static const std::string none;
    const auto en = byLanguage.find("en");
    return en != byLanguage.end() ? en->second : none;
}

void LessonSettings::applyTo(TrainingConfig& config, const GpuCatalog& gpus) const
{
    if (batch) config.batch = *batch;
    if (accumulationSteps) config.accumulationSteps = *accumulationSteps;
    if (mode) config.mode = *mode;
    if (optimizer) config.optimizer = *optimizer;
    if (precision) config.precision = *precision;
    if (framework) config.framework = *framework;
    if (gpu) {
        if (gpu->empty())
            config.gpu.reset();
        else
            config.gpu = gpus.find(*gpu);
    }
}

bool LessonSettings::empty() const
{
    return !model && !batch && !accumulationSteps && !mode && !optimizer && !precision && !framework && !gpu && !select &&
           !chart;
}

} // namespace netsizer::core
