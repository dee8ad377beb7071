#include "ui/lessons/LessonMenu.h"

#include "ui/lessons/LessonFigureText.h"
#include "ui/lessons/LessonLibrary.h"
#include "ui/lessons/LessonPlayer.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

namespace netsizer::ui {

LessonMenu::LessonMenu(QMenu* help, QMenu* file, LessonPlayer* player, QWidget* window)
    : QObject(window), m_player(player), m_window(window)
{
    m_lessons = new QMenu(tr("&Lessons"), help);
    m_lessons->setObjectName(QStringLiteral("LessonsMenu"));
    const QList<QAction*> existing = help->actions();
    help->insertMenu(existing.isEmpty() ? nullptr : existing.front(), m_lessons);
    if (!existing.isEmpty()) help->insertSeparator(existing.front());
    const std::string language = LessonFigureText::language();
    for (const QString& path : LessonLibrary::builtinPaths()) {
        const auto lesson = LessonLibrary::load(path);
        // A built-in lesson always reads (tst_lessons checks every one); shown by file otherwise.
        const QString title = lesson ? QString::fromStdString(lesson->title.in(language)) : QFileInfo(path).fileName();
        QAction* a = m_lessons->addAction(title, this, [this, path] { startLesson(path); });
        a->setObjectName(QStringLiteral("Lesson:") + QFileInfo(path).completeBaseName());
        if (lesson) a->setStatusTip(QString::fromStdString(lesson->summary.in(language)));
    }

    m_open = new QAction(tr("Open &lesson…"), this);
    m_open->setObjectName(QStringLiteral("OpenLessonAction"));
    m_open->setStatusTip(tr("Play a lesson file (docs/lessons.md); your model is put back when it ends"));
    connect(m_open, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(m_window, tr("Open lesson"), QString(), tr("Lessons (*.json)"));
        if (!path.isEmpty()) startLesson(path);
    });
    QAction* before = nullptr;
    for (QAction* a : file->actions())
        if (a->isSeparator()) {
            before = a;
            break;
        }
    file->insertAction(before, m_open);
}

bool LessonMenu::startLesson(const QString& path)
{
    auto lesson = LessonLibrary::load(path);
    if (!lesson) {
        QMessageBox::warning(m_window, tr("Cannot open lesson"), QString::fromStdString(lesson.error().describe()));
        return false;
    }
    m_player->start(std::move(*lesson), path);
    return true;
}

} // namespace netsizer::ui
