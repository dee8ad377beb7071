#pragma once
// The description of one attribute of a layer kind. The palette, the property panel, the JSON
// reader/writer and validation all read these (ARCHITECTURE.md rule 2).

#include "core/graph/AttrValue.h"

#include <limits>
#include <string>
#include <vector>

namespace netsizer::core {

enum class AttrType {
    Int,     // std::int64_t
    Float,   // double
    Bool,    // bool
    Choice,  // std::string, one of `choices`
    String,  // std::string, free text (e.g. a target shape written by an importer)
    IntList, // IntList; JSON accepts a bare integer as a one-element list
};

inline constexpr int kMaxListLength = 6;

struct ParamSpec {
    std::string name; // JSON key and property-panel label, snake_case ("kernel_size")
    AttrType type = AttrType::Int;
    AttrValue defaultValue;
    // Inclusive range for Int and Float values and for every element of an IntList.
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    std::vector<std::string> choices; // AttrType::Choice only
    // IntList only: allowed lengths (inclusive). A one-element list is always accepted and means
    // "the same value on every spatial axis".
    int minLength = 1;
    int maxLength = kMaxListLength;
    std::string unit; // shown next to the value ("px", "channels"); may be empty
    std::string help; // one sentence for tooltips and `netsizer-cli layers`
};

// Convenience builders so kind files stay short and readable.
ParamSpec intParam(std::string name, std::int64_t def, double min, double max, std::string unit,
                   std::string help);
ParamSpec floatParam(std::string name, double def, double min, double max, std::string help);
ParamSpec boolParam(std::string name, bool def, std::string help);
ParamSpec choiceParam(std::string name, std::string def, std::vector<std::string> choices,
                      std::string help);
ParamSpec stringParam(std::string name, std::string def, std::string help);
ParamSpec listParam(std::string name, IntList def, double min, double max, int minLength,
                    int maxLength, std::string unit, std::string help);

// Checks `value` against `spec` (type, range, choices, list length). On failure the message
// names the attribute but not the layer (the caller adds the path).
bool validateAttr(const ParamSpec& spec, const AttrValue& value, std::string& message);

} // namespace netsizer::core
