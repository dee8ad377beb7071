#include "core/lessons/LessonReader.h"

#include "core/lessons/LessonFigures.h"

#include <nlohmann/json.hpp>

#include <set>

namespace netsizer::core {

using nlohmann::json;

namespace {

// Reads one lesson; every error carries the JSON pointer of the value at fault (the file name is
// added by readLesson).
class Reader {
public:
    explicit Reader(const GpuCatalog& gpus) : m_gpus(gpus) {}

    Result<Lesson> lesson(const json& j)
    {
        if (!j.is_object()) return makeError("type", "a lesson file holds one JSON object", "");
        const auto format = j.find("format");
        if (format == j.end() || *format != "netsizer-lesson")
            return makeError("format", "\"format\" must be \"netsizer-lesson\"", "/format");
        const auto version = j.find("version");
        if (version == j.end() || !version->is_number_integer() || *version != kLessonFormatVersion)
            return makeError("version", "\"version\" must be " + std::to_string(kLessonFormatVersion), "/version");
        Lesson out;
        if (auto e = text(j, "title", "", out.title, true)) return *e;
        if (auto e = text(j, "summary", "", out.summary, false)) return *e;
        const auto steps = j.find("steps");
        if (steps == j.end() || !steps->is_array() || steps->empty())
            return makeError("type", "\"steps\" must be a non-empty array", "/steps");
        for (std::size_t i = 0; i < steps->size(); ++i) {
            LessonStep s;
            if (auto e = step((*steps)[i], "/steps/" + std::to_string(i), s)) return *e;
            out.steps.push_back(std::move(s));
        }
        return out;
    }

private:
    // A text: a string (English) or {"en": …, "it": …}; English required. Placeholders checked.
    std::optional<Error> text(const json& parent, const char* key, const std::string& at, LessonText& out, bool required)
    {
        const std::string here = at + "/" + key;
        const auto it = parent.find(key);
        if (it == parent.end()) {
            if (required) return makeError("missing", std::string("\"") + key + "\" is required", here);
            return std::nullopt;
        }
        if (it->is_string()) {
            out.byLanguage["en"] = it->get<std::string>();
        } else if (it->is_object()) {
            for (const auto& [language, value] : it->items()) {
                if (!value.is_string()) return makeError("type", "a translation must be a string", here + "/" + language);
                out.byLanguage[language] = value.get<std::string>();
            }
            if (!out.byLanguage.count("en")) return makeError("missing", "the English text \"en\" is required", here + "/en");
        } else {
            return makeError("type", "a text must be a string or an object of languages", here);
        }
        for (const auto& [language, value] : out.byLanguage) {
            if (language != "en" && value.empty()) continue;
            if (value.empty()) return makeError("missing", "the English text must not be empty", it->is_string() ? here : here + "/en");
            if (auto pieces = splitPlaceholders(value, m_gpus); !pieces)
                return makeError(pieces.error().code, pieces.error().message, it->is_string() ? here : here + "/" + language);
        }
        return std::nullopt;
    }

    std::optional<Error> settings(const json& j, const std::string& at, LessonSettings& out)
    {
        if (!j.is_object()) return makeError("type", "\"settings\" must be an object", at);
        for (const auto& [key, value] : j.items()) {
            std::string v;
            if (value.is_string())
                v = value.get<std::string>();
            else if (value.is_number_unsigned())
                v = std::to_string(value.get<std::uint64_t>());
            else if (value.is_null() && key == "gpu")
                v.clear();
            else
                return makeError("type", "setting '" + key + "' must be a string or a non-negative integer", at + "/" + key);
            if (const std::string problem = assignSetting(out, key, v, m_gpus); !problem.empty())
                return makeError("bad_setting", problem, at + "/" + key);
        }
        return std::nullopt;
    }

    std::optional<Error> question(const json& j, const std::string& at, LessonQuestion& out)
    {
        if (!j.is_object()) return makeError("type", "\"question\" must be an object", at);
        if (auto e = text(j, "prompt", at, out.prompt, true)) return e;
        const auto kind = j.find("kind");
        if (kind == j.end() || !kind->is_string() || (*kind != "number" && *kind != "choice"))
            return makeError("bad_attribute", "\"kind\" must be \"number\" or \"choice\"", at + "/kind");
        out.kind = *kind == "number" ? LessonQuestion::Kind::Number : LessonQuestion::Kind::Choice;
        const auto figure = j.find("figure");
        if (figure == j.end() || !figure->is_string())
            return makeError("missing", "\"figure\" must name what the engine computes (" + figureNameList() + ")", at + "/figure");
        out.figure.name = figure->get<std::string>();
        const auto figureType = figureKind(out.figure.name);
        if (!figureType)
            return makeError("unknown_figure", "unknown figure '" + out.figure.name + "' (" + figureNameList() + ")", at + "/figure");
        if (const auto a = j.find("at"); a != j.end()) {
            if (auto e = settings(*a, at + "/at", out.figure.at)) return e;
            if (out.figure.at.model || out.figure.at.select || out.figure.at.chart)
                return makeError("bad_setting", "\"at\" may change the configuration only (not model, select or chart)", at + "/at");
        }
        if (out.kind == LessonQuestion::Kind::Number) {
            if (*figureType == FigureKind::Text)
                return makeError("bad_attribute", "a number question needs a number figure; '" + out.figure.name + "' is a text (use a choice)",
                                 at + "/figure");
            const auto unit = j.find("unit");
            out.unit = unit != j.end() && unit->is_string() ? unit->get<std::string>() : (*figureType == FigureKind::Bytes ? "MiB" : "");
            if (unit != j.end() && !unit->is_string()) return makeError("type", "\"unit\" must be a string", at + "/unit");
            if (!unitFactor(out.unit) || (*figureType == FigureKind::Count && !out.unit.empty()) ||
                (*figureType == FigureKind::Bytes && out.unit.empty()))
                return makeError("bad_attribute",
                                 *figureType == FigureKind::Count ? "a count has no unit"
                                                                  : "\"unit\" must be B, KiB, MiB, GiB, KB, MB or GB",
                                 at + "/unit");
            if (const auto t = j.find("tolerance"); t != j.end()) {
                if (!t->is_number() || t->get<double>() <= 0.0 || t->get<double>() >= 1.0)
                    return makeError("bad_attribute", "\"tolerance\" must be a fraction between 0 and 1", at + "/tolerance");
                out.tolerance = t->get<double>();
            }
            if (j.contains("choices")) return makeError("bad_attribute", "a number question has no choices", at + "/choices");
            return std::nullopt;
        }
        const auto choices = j.find("choices");
        if (choices == j.end() || !choices->is_array() || choices->size() < 2)
            return makeError("type", "\"choices\" must be an array of two choices or more", at + "/choices");
        std::set<std::string> values;
        for (std::size_t i = 0; i < choices->size(); ++i) {
            const std::string here = at + "/choices/" + std::to_string(i);
            const json& c = (*choices)[i];
            if (!c.is_object()) return makeError("type", "a choice must be an object {\"value\", \"text\"}", here);
            LessonChoice choice;
            const auto value = c.find("value");
            if (value == c.end() || !(value->is_string() || value->is_number_unsigned()))
                return makeError("missing", "\"value\" must be a string or a non-negative integer", here + "/value");
            choice.value = value->is_string() ? value->get<std::string>() : std::to_string(value->get<std::uint64_t>());
            if (!values.insert(choice.value).second) return makeError("duplicate", "two choices have the value '" + choice.value + "'", here + "/value");
            if (auto e = text(c, "text", here, choice.text, true)) return e;
            out.choices.push_back(std::move(choice));
        }
        return std::nullopt;
    }

    std::optional<Error> advance(const json& j, const std::string& at, AdvanceCondition& out)
    {
        using K = AdvanceCondition::Kind;
        if (j.is_string() && (j == "next" || j == "answered")) {
            out.kind = j == "next" ? K::Next : K::Answered;
            return std::nullopt;
        }
        if (!j.is_object() || j.size() != 1)
            return makeError("bad_attribute",
                             "\"advance\" must be \"next\", \"answered\" or one condition such as {\"batch_at_least\": 64}", at);
        const std::string key = j.begin().key();
        const json& value = j.begin().value();
        const std::string here = at + "/" + key;
        if (key == "batch_at_least" || key == "batch_at_most") {
            if (!value.is_number_unsigned() || value.get<std::uint64_t>() < 1 || value.get<std::uint64_t>() > TrainingConfig::kMaxBatch)
                return makeError("bad_attribute", key + " must be a batch from 1 to " + std::to_string(TrainingConfig::kMaxBatch), here);
            out.kind = key == "batch_at_least" ? K::BatchAtLeast : K::BatchAtMost;
            out.number = value.get<std::uint64_t>();
            return std::nullopt;
        }
        if (!value.is_string()) return makeError("type", key + " must be a string", here);
        out.text = value.get<std::string>();
        if (key == "layer_selected") {
            out.kind = K::LayerSelected;
        } else if (key == "verdict") {
            out.kind = K::Verdict;
            if (out.text != "fits" && out.text != "may_not_fit" && out.text != "does_not_fit" && out.text != "no_gpu")
                return makeError("bad_attribute", "verdict must be fits, may_not_fit, does_not_fit or no_gpu", here);
        } else if (key == "optimizer" || key == "framework" || key == "mode") {
            LessonSettings probe;
            if (const std::string problem = assignSetting(probe, key, out.text, m_gpus); !problem.empty())
                return makeError("bad_attribute", problem, here);
            out.kind = key == "optimizer" ? K::Optimizer : key == "framework" ? K::Framework : K::Mode;
        } else {
            return makeError("bad_attribute",
                             "unknown condition '" + key +
                                 "' (batch_at_least, batch_at_most, layer_selected, verdict, optimizer, framework, mode)",
                             here);
        }
        return std::nullopt;
    }

    std::optional<Error> step(const json& j, const std::string& at, LessonStep& out)
    {
        if (!j.is_object()) return makeError("type", "a step must be an object", at);
        static const std::set<std::string> keys = {"target", "text", "settings", "hide", "question", "advance"};
        for (const auto& [key, value] : j.items())
            if (!keys.count(key))
                return makeError("unknown_key", "unknown key '" + key + "' (target, text, settings, hide, question, advance)", at + "/" + key);
        if (const auto t = j.find("target"); t != j.end()) {
            if (!t->is_string()) return makeError("type", "\"target\" must be a string", at + "/target");
            out.target = t->get<std::string>();
            if (out.target == "layer:") return makeError("bad_attribute", "\"layer:\" must name a layer", at + "/target");
        }
        if (auto e = text(j, "text", at, out.text, true)) return e;
        if (const auto s = j.find("settings"); s != j.end())
            if (auto e = settings(*s, at + "/settings", out.settings)) return e;
        if (const auto h = j.find("hide"); h != j.end()) {
            if (!h->is_array()) return makeError("type", "\"hide\" must be an array of element names", at + "/hide");
            for (std::size_t i = 0; i < h->size(); ++i) {
                if (!(*h)[i].is_string() || (*h)[i].get<std::string>().empty())
                    return makeError("type", "an element name must be a non-empty string", at + "/hide/" + std::to_string(i));
                out.hide.push_back((*h)[i].get<std::string>());
            }
        }
        if (const auto q = j.find("question"); q != j.end()) {
            LessonQuestion question;
            if (auto e = this->question(*q, at + "/question", question)) return e;
            out.question = std::move(question);
        }
        if (const auto a = j.find("advance"); a != j.end())
            if (auto e = advance(*a, at + "/advance", out.advance)) return e;
        if (out.advance.kind == AdvanceCondition::Kind::Answered && !out.question)
            return makeError("bad_attribute", "\"answered\" needs a question in the step", at + "/advance");
        return std::nullopt;
    }

    const GpuCatalog& m_gpus;
};

} // namespace

Result<Lesson> readLesson(std::string_view text, const std::string& fileName, const GpuCatalog& gpus)
{
    json j;
    try {
        j = json::parse(text);
    } catch (const json::parse_error& e) {
        // Line and column of the byte the parser stopped at (1-based).
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        return makeError("syntax", "not valid JSON", fileName + ":" + std::to_string(line) + ":" + std::to_string(column));
    }
    auto lesson = Reader(gpus).lesson(j);
    if (!lesson) {
        Error e = lesson.error();
        e.path = fileName + ":" + (e.path.empty() ? std::string("/") : e.path);
        return e;
    }
    return lesson;
}

} // namespace netsizer::core
