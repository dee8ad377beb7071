#pragma once

#include "core/graph/AttrValue.h"
#include "core/graph/LayerId.h"

#include <QUndoCommand>

namespace netsizer::ui {

class Document;

// Sets attribute `index` (into the kind's ParamSpec list) of one layer. The value has been
// validated by Document::setAttribute.
class SetAttributeCommand : public QUndoCommand {
public:
    SetAttributeCommand(Document& doc, core::LayerId id, int index, core::AttrValue value,
                        QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void apply(const core::AttrValue& v);
    Document& m_doc;
    core::LayerId m_id;
    int m_index;
    core::AttrValue m_after;
    core::AttrValue m_before;
};

} // namespace netsizer::ui
