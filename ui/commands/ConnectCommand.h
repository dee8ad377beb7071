#pragma once

#include "core/graph/Connection.h"
#include "core/graph/Graph.h"

#include <QUndoCommand>

namespace netsizer::ui {

class Document;

// Adds (connect = true) or removes (connect = false) one connection. Connecting appends, so
// its undo (a disconnect of the last connection) restores the order exactly; a disconnect
// keeps the graph value from before its redo() and puts it back on undo, because re-adding
// would append the connection at the end instead of its old place.
class ConnectCommand : public QUndoCommand {
public:
    ConnectCommand(Document& doc, core::Connection c, bool connect, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document& m_doc;
    core::Connection m_connection;
    bool m_connect;
    core::Graph m_before; // disconnect only
};

} // namespace netsizer::ui
