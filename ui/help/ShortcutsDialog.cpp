#include "ui/help/ShortcutsDialog.h"

#include "ui/canvas/CanvasKeyboard.h"
#include "ui/lessons/LessonPlayer.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>

namespace netsizer::ui {

namespace {

QString plain(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    return text.replace(QStringLiteral("&&"), QStringLiteral("&"));
}

QString keys(const QAction* a)
{
    QStringList out;
    for (const QKeySequence& k : a->shortcuts())
        if (!k.isEmpty()) out << k.toString(QKeySequence::NativeText);
    return out.join(QStringLiteral(", "));
}

void walk(const QMenu* menu, const QString& path, QList<ShortcutsDialog::Entry>& out, QSet<const QAction*>& seen)
{
    for (QAction* a : menu->actions()) {
        if (a->isSeparator()) continue;
        const QString here = path + QStringLiteral(" ▸ ") + plain(a->text());
        if (a->menu()) {
            walk(a->menu(), here, out, seen);
            continue;
        }
        seen.insert(a);
        const QString k = keys(a);
        if (!k.isEmpty()) out.push_back({here, k});
    }
}

} // namespace

QList<ShortcutsDialog::Entry> ShortcutsDialog::collect(QMainWindow* window)
{
    QList<Entry> out;
    QSet<const QAction*> seen;
    for (QAction* top : window->menuBar()->actions())
        if (top->menu()) walk(top->menu(), plain(top->text()), out, seen);
    for (const QAction* a : window->findChildren<QAction*>()) {
        if (seen.contains(a) || a->menu()) continue;
        seen.insert(a);
        const QString k = keys(a);
        if (!k.isEmpty() && !a->text().isEmpty()) out.push_back({plain(a->text()), k});
    }
    // Keys the canvas and the lesson player handle themselves (no action carries them).
    for (const auto& [what, key] : CanvasKeyboard::keyHelp() + LessonPlayer::keyHelp()) out.push_back({what, key});
    return out;
}

ShortcutsDialog::ShortcutsDialog(QMainWindow* window) : QDialog(window)
{
    setObjectName(QStringLiteral("ShortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    auto* layout = new QVBoxLayout(this);
    const QList<Entry> entries = collect(window);
    auto* table = new QTableWidget(static_cast<int>(entries.size()), 2, this);
    table->setObjectName(QStringLiteral("ShortcutsTable"));
    table->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (int i = 0; i < entries.size(); ++i) {
        table->setItem(i, 0, new QTableWidgetItem(entries[i].action));
        table->setItem(i, 1, new QTableWidgetItem(entries[i].shortcut));
    }
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    layout->addWidget(table);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(560, 480);
}

} // namespace netsizer::ui
