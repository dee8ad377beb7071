#pragma once

#include "core/graph/Graph.h"

#include <QUndoCommand>

namespace netsizer::ui {

class Document;

// Replaces the whole graph with an edited copy as one undo step, for edits computed by a core
// function on a copy (LoRA adapters: core::addLoraAdapters adds layers, rewires their hosts'
// consumers and freezes the base). Holds both graph values, so redo and undo restore exactly
// the same ids, names and order. Notifies Change::Structure.
class ReplaceGraphCommand : public QUndoCommand {
public:
    ReplaceGraphCommand(Document& doc, core::Graph after, const QString& text, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document& m_doc;
    core::Graph m_before;
    core::Graph m_after;
};

} // namespace netsizer::ui
