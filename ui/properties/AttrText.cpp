#include "ui/properties/AttrText.h"

#include <QRegularExpression>
#include <QStringList>

namespace netsizer::ui {

QString AttrText::format(const core::AttrValue& value)
{
    if (const auto* list = std::get_if<core::IntList>(&value)) {
        QStringList parts;
        for (auto v : *list) parts << QString::number(v);
        return parts.join(QStringLiteral(", "));
    }
    if (const auto* s = std::get_if<std::string>(&value)) return QString::fromStdString(*s);
    if (const auto* d = std::get_if<double>(&value)) return QString::number(*d, 'g', 12);
    return QString::fromStdString(core::attrToString(value));
}

std::optional<core::AttrValue> AttrText::parse(const core::ParamSpec& spec, const QString& text, QString& error)
{
    const QString t = text.trimmed();
    bool ok = false;
    switch (spec.type) {
    case core::AttrType::Int: {
        const qlonglong v = t.toLongLong(&ok);
        if (!ok) {
            error = QObject::tr("%1 must be a whole number").arg(QString::fromStdString(spec.name));
            return std::nullopt;
        }
        return core::AttrValue{std::int64_t{v}};
    }
    case core::AttrType::Float: {
        const double v = t.toDouble(&ok);
        if (!ok) {
            error = QObject::tr("%1 must be a number").arg(QString::fromStdString(spec.name));
            return std::nullopt;
        }
        return core::AttrValue{v};
    }
    case core::AttrType::Bool:
        if (t == QLatin1String("true") || t == QLatin1String("1")) return core::AttrValue{true};
        if (t == QLatin1String("false") || t == QLatin1String("0")) return core::AttrValue{false};
        error = QObject::tr("%1 must be true or false").arg(QString::fromStdString(spec.name));
        return std::nullopt;
    case core::AttrType::Choice:
    case core::AttrType::String: return core::AttrValue{t.toStdString()};
    case core::AttrType::IntList: {
        static const QRegularExpression sep(QStringLiteral("[\\s,\\[\\]]+"));
        core::IntList list;
        for (const QString& part : t.split(sep, Qt::SkipEmptyParts)) {
            const qlonglong v = part.toLongLong(&ok);
            if (!ok) {
                error = QObject::tr("%1: \"%2\" is not a whole number").arg(QString::fromStdString(spec.name), part);
                return std::nullopt;
            }
            list.push_back(v);
        }
        if (list.empty()) {
            error = QObject::tr("%1 needs at least one number").arg(QString::fromStdString(spec.name));
            return std::nullopt;
        }
        return core::AttrValue{list};
    }
    }
    return std::nullopt;
}

std::optional<core::AttrValue> AttrText::parseValid(const core::ParamSpec& spec, const QString& text, QString& error)
{
    auto v = parse(spec, text, error);
    if (!v) return v;
    std::string message;
    if (!core::validateAttr(spec, *v, message)) {
        error = QString::fromStdString(message);
        return std::nullopt;
    }
    return v;
}

} // namespace netsizer::ui
