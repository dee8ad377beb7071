#pragma once
// Reads a lesson file (docs/lessons.md, "format": "netsizer-lesson", version 1). Every error is
// located: its path is "<file>:<JSON pointer>" ("cnn.json:/steps/2/question/figure"), or
// "<file>:<line>:<column>" for a JSON syntax error.

#include "core/estimate/GpuCatalog.h"
#include "core/lessons/Lesson.h"
#include "core/util/Result.h"

#include <string>
#include <string_view>

namespace netsizer::core {

inline constexpr int kLessonFormatVersion = 1;

// `fileName` only names the file in errors. Checks the settings' names against `gpus`, the
// figures and placeholders against the known figures, and that each step's question can be
// answered (a number question on a number figure, a choice question on any, two choices at
// least, unique values).
Result<Lesson> readLesson(std::string_view text, const std::string& fileName, const GpuCatalog& gpus = GpuCatalog::builtin());

} // namespace netsizer::core
