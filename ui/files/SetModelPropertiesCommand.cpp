#include "ui/files/SetModelPropertiesCommand.h"

#include "ui/files/DocumentFiles.h"

#include <QObject>

namespace netsizer::ui {

SetModelPropertiesCommand::SetModelPropertiesCommand(DocumentFiles& files, std::string name, std::string description,
                                                     QUndoCommand* parent)
    : QUndoCommand(parent), m_files(files), m_name(std::move(name)), m_description(std::move(description)),
      m_nameBefore(files.modelName()), m_descriptionBefore(files.description())
{
    setText(QObject::tr("Model properties"));
}

void SetModelPropertiesCommand::redo() { m_files.setPropertiesForCommand(m_name, m_description); }
void SetModelPropertiesCommand::undo() { m_files.setPropertiesForCommand(m_nameBefore, m_descriptionBefore); }

} // namespace netsizer::ui
