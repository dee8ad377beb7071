#pragma once
// View preferences shared by every memory view (not part of the document, not undoable):
// byte units. One instance per window; views read it and listen to changed().

#include "core/util/NumberFormat.h"

#include <QObject>
#include <QString>

#include <cstdint>

namespace netsizer::ui {

class DisplayOptions : public QObject {
    Q_OBJECT
public:
    explicit DisplayOptions(QObject* parent = nullptr) : QObject(parent) {}

    core::ByteUnits units() const { return m_units; }
    void setUnits(core::ByteUnits units);

    // "1.50 GiB" / "1.61 GB" in the current units.
    QString bytes(double bytes) const;
    // A byte size in the current units, saturation-aware: core::kSaturated (2^64 - 1, a size
    // that exceeds 64 bits, core/util/Checked.h) reads "> 2^64 B" instead of "16.0 EiB".
    QString size(std::uint64_t bytes) const;
    // "1,610,612,736 B": the exact figure, for tooltips; "more than 2^64 - 1 B" when saturated.
    static QString exactBytes(std::uint64_t bytes);
    // The text for a saturated size ("> 2^64 B").
    static QString saturatedText();

signals:
    void changed();

private:
    core::ByteUnits m_units = core::ByteUnits::Binary;
};

} // namespace netsizer::ui
