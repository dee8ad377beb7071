#pragma once
// The colour of the Step through panel's marks: the canvas node being computed and the cursor
// on the training-step chart (an amber that reads on light and dark backgrounds and is none of
// the component colours).

#include <QColor>

namespace netsizer::ui {

inline QColor stepMarkColor() { return QColor(0xf2, 0x8e, 0x2b); }

} // namespace netsizer::ui
