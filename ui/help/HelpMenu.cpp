#include "ui/help/HelpMenu.h"

#include "ui/help/AboutText.h"
#include "ui/help/ShortcutsDialog.h"

#include <QAction>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QUrl>

namespace netsizer::ui {

HelpMenu::HelpMenu(QMenu* menu, QMainWindow* window) : QObject(window), m_window(window)
{
    m_shortcuts = menu->addAction(tr("&Keyboard shortcuts"), this, [this] {
        ShortcutsDialog dialog(m_window);
        dialog.exec();
    });
    m_shortcuts->setObjectName(QStringLiteral("ShortcutsAction"));
    m_documentation = menu->addAction(tr("&Documentation"), this, [this] {
        const QString folder = documentationFolder();
        if (folder.isEmpty() || !QDesktopServices::openUrl(QUrl::fromLocalFile(folder)))
            QMessageBox::information(m_window, tr("Documentation"),
                                     tr("The documentation folder was not found beside the program. It is the docs/ "
                                        "folder of NetSizer's sources, with README.md at their top."));
    });
    m_documentation->setObjectName(QStringLiteral("DocumentationAction"));
    m_documentation->setShortcut(QKeySequence::HelpContents);
    menu->addSeparator();
    m_about = menu->addAction(tr("&About NetSizer"), this,
                              [this] { QMessageBox::about(m_window, AboutText::title(), AboutText::html()); });
    m_about->setObjectName(QStringLiteral("AboutAction"));
    m_about->setMenuRole(QAction::AboutRole);
}

QString HelpMenu::documentationFolder()
{
    const QDir app(QCoreApplication::applicationDirPath());
    QStringList candidates{app.absoluteFilePath(QStringLiteral("../share/doc/netsizer"))};
#ifdef NETSIZER_DOCS_DIR
    candidates << QStringLiteral(NETSIZER_DOCS_DIR);
#endif
    for (const QString& c : candidates)
        if (QDir(c).exists()) return QDir(c).absolutePath();
    return {};
}

} // namespace netsizer::ui
