#pragma once

#include "core/graph/LayerId.h"

#include <QUndoCommand>

namespace netsizer::ui {

class Document;

// Moves one layer on the canvas. A `mergeable` move continues the drag of the move below it
// (same layer) and merges into it, keeping the first "before" and the last "after" position;
// the first move of a drag is pushed with mergeable = false.
class MoveLayerCommand : public QUndoCommand {
public:
    MoveLayerCommand(Document& doc, core::LayerId id, double x, double y, bool mergeable,
                     QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    void apply(double x, double y, bool has);
    Document& m_doc;
    core::LayerId m_id;
    double m_x, m_y;
    double m_oldX = 0, m_oldY = 0;
    bool m_oldHas = false;
    bool m_mergeable;
};

} // namespace netsizer::ui
