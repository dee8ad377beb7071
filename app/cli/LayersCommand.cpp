#include "app/cli/ListCommands.h"

#include "app/cli/TextTable.h"
#include "core/layers/KindRegistry.h"
#include "core/util/JsonText.h"
#include "core/util/NumberFormat.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace netsizer::cli {
namespace {

using namespace netsizer::core;
using nlohmann::ordered_json;

const char* typeName(AttrType t)
{
    switch (t) {
    case AttrType::Int: return "int";
    case AttrType::Float: return "float";
    case AttrType::Bool: return "bool";
    case AttrType::Choice: return "choice";
    case AttrType::String: return "string";
    case AttrType::IntList: return "int list";
    }
    return "?";
}

std::string number(double v)
{
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    if (v == std::floor(v) && std::fabs(v) < 1e18) {
        const auto i = static_cast<std::int64_t>(v);
        return withThousands(i);
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

std::string rangeText(const ParamSpec& p)
{
    switch (p.type) {
    case AttrType::Int:
    case AttrType::Float:
        return number(p.min) + " .. " + number(p.max);
    case AttrType::IntList: {
        const std::string len = p.minLength == p.maxLength ? std::to_string(p.minLength)
                                                            : std::to_string(p.minLength) + "-" + std::to_string(p.maxLength);
        return len + " × (" + number(p.min) + " .. " + number(p.max) + ")";
    }
    case AttrType::Choice: {
        std::string s;
        for (const auto& c : p.choices) s += (s.empty() ? "" : " | ") + c;
        return s;
    }
    case AttrType::Bool: return "true | false";
    case AttrType::String: return "text";
    }
    return "";
}

std::string inputsText(const LayerKind& k)
{
    if (k.maxInputs == LayerKind::kUnbounded) return std::to_string(k.minInputs) + "+";
    if (k.minInputs == k.maxInputs) return std::to_string(k.minInputs);
    return std::to_string(k.minInputs) + "-" + std::to_string(k.maxInputs);
}

ordered_json attrJson(const AttrValue& v)
{
    return std::visit([](const auto& x) { return ordered_json(x); }, v);
}

// A range bound: null when unbounded, an integer for integer attributes.
ordered_json boundJson(const ParamSpec& p, double v)
{
    if (std::isinf(v)) return nullptr;
    if (p.type != AttrType::Float && std::fabs(v) < 9e18) return static_cast<std::int64_t>(v);
    return v;
}

std::string asTable()
{
    TextTable t({"Kind", "Category", "Inputs", "Attribute", "Type", "Default", "Range", "Unit"});
    bool first = true;
    for (const LayerKind* k : KindRegistry::builtin().all()) {
        if (!first) t.addRule();
        first = false;
        std::string kind = k->id;
        for (const auto& a : k->aliases) kind += " / " + a;
        if (k->params.empty()) t.addRow({kind, k->category, inputsText(*k), "-"});
        for (std::size_t i = 0; i < k->params.size(); ++i) {
            const ParamSpec& p = k->params[i];
            std::vector<std::string> cells = {"", "", ""};
            if (i == 0) cells = {kind, k->category, inputsText(*k)};
            cells.insert(cells.end(), {p.name, typeName(p.type), attrToString(p.defaultValue), rangeText(p), p.unit});
            t.addRow(cells);
        }
    }
    return t.render();
}

std::string asJson()
{
    ordered_json kinds = ordered_json::array();
    for (const LayerKind* k : KindRegistry::builtin().all()) {
        ordered_json j;
        j["id"] = k->id;
        j["display_name"] = k->displayName;
        j["category"] = k->category;
        j["description"] = k->description;
        j["aliases"] = k->aliases;
        j["inputs"] = {{"min", k->minInputs},
                       {"max", k->maxInputs == LayerKind::kUnbounded ? ordered_json(nullptr) : ordered_json(k->maxInputs)}};
        ordered_json attrs = ordered_json::array();
        for (const ParamSpec& p : k->params) {
            ordered_json a;
            a["name"] = p.name;
            a["type"] = typeName(p.type);
            a["default"] = attrJson(p.defaultValue);
            if (p.type == AttrType::Int || p.type == AttrType::Float || p.type == AttrType::IntList) {
                a["min"] = boundJson(p, p.min);
                a["max"] = boundJson(p, p.max);
            }
            if (p.type == AttrType::IntList) a["length"] = {{"min", p.minLength}, {"max", p.maxLength}};
            if (p.type == AttrType::Choice) a["choices"] = p.choices;
            a["unit"] = p.unit;
            a["help"] = p.help;
            attrs.push_back(a);
        }
        j["attributes"] = attrs;
        kinds.push_back(j);
    }
    return core::dumpJson(ordered_json{{"layers", kinds}}, 2) + "\n";
}

} // namespace

std::string listLayers(OutputFormat format)
{
    return format == OutputFormat::Json ? asJson() : asTable();
}

} // namespace netsizer::cli
