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
    // "1,610,612,736 B": the exact figure, for tooltips.
    static QString exactBytes(std::uint64_t bytes);

signals:
    void changed();

private:
    core::ByteUnits m_units = core::ByteUnits::Binary;
};

} // namespace netsizer::ui
