#pragma once
// The ways into a lesson: Help ▸ Lessons (one entry per built-in lesson, titled in the person's
// language) and File ▸ Open lesson… (a teacher's lesson file). A lesson file that cannot be read
// is refused with its located error (file and JSON pointer) and changes nothing.

#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QWidget;

namespace netsizer::ui {

class LessonPlayer;

class LessonMenu : public QObject {
    Q_OBJECT
public:
    // Adds the Lessons submenu to `help` (at its top) and Open lesson… to `file` (before its
    // first separator). `player` and `window` outlive this object.
    LessonMenu(QMenu* help, QMenu* file, LessonPlayer* player, QWidget* window);

    QMenu* lessonsMenu() const { return m_lessons; }
    QAction* openLessonAction() const { return m_open; }
    // Reads the lesson at `path` and starts it; on an error shows it (QMessageBox) and returns
    // false.
    bool startLesson(const QString& path);

private:
    QMenu* m_lessons = nullptr;
    QAction* m_open = nullptr;
    LessonPlayer* m_player;
    QWidget* m_window;
};

} // namespace netsizer::ui
