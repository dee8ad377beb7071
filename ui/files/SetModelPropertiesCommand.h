#pragma once

#include <QUndoCommand>

#include <string>

namespace netsizer::ui {

class DocumentFiles;

// Sets the model's name (core::Graph::name) and description (kept by DocumentFiles with the
// rest of what a file holds besides the graph) together, on the Document's undo stack. No
// figure depends on them: DocumentFiles::propertiesChanged tells the header and the title.
class SetModelPropertiesCommand : public QUndoCommand {
public:
    SetModelPropertiesCommand(DocumentFiles& files, std::string name, std::string description,
                              QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    DocumentFiles& m_files;
    std::string m_name, m_description;             // after
    std::string m_nameBefore, m_descriptionBefore; // before
};

} // namespace netsizer::ui
