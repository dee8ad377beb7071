#include "core/estimate/TrainingConfig.h"

namespace netsizer::core {

const char* modeName(Mode m)
{
    return m == Mode::Train ? "train" : "inference";
}

std::optional<Mode> parseMode(std::string_view name)
{
    if (name == "train") return Mode::Train;
    if (name == "inference") return Mode::Inference;
    return std::nullopt;
}

} // namespace netsizer::core
