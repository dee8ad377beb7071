#pragma once
// Text <-> attribute value for the property panel's line edits, by ParamSpec type: Int "64",
// Float "0.5", IntList "3, 3" (also "[3, 3]" or "3 3"), String as typed. Parsing checks the
// syntax only; ranges, lengths and choices are core::validateAttr's job.

#include "core/layers/ParamSpec.h"

#include <QString>

#include <optional>

namespace netsizer::ui {

class AttrText {
public:
    static QString format(const core::AttrValue& value);
    // The value `text` denotes for `spec`, or nullopt with `error` set.
    static std::optional<core::AttrValue> parse(const core::ParamSpec& spec, const QString& text, QString& error);
    // parse + core::validateAttr.
    static std::optional<core::AttrValue> parseValid(const core::ParamSpec& spec, const QString& text, QString& error);
};

} // namespace netsizer::ui
