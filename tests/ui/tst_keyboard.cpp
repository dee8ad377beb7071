// The designer without a mouse, in the real window: Tab reaches the palette, the canvas, the
// properties, the layer table and the training controls and leaves each of them (the table kept
// the focus once); a three-layer net built with key events only — layers added from the
// palette, a connection made with C, the selection moved along connections with the arrows —
// with one accessible item per layer on the canvas; every training control has a tooltip and an
// accessible name; the shortcut list names the canvas and lesson keys.
#include "app/MainWindow.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/controls/TrainingControls.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "ui/help/ShortcutsDialog.h"
#include "ui/palette/LayerPalette.h"
#include "ui/properties/PropertyPanel.h"
#include "ui/style/DisplayOptions.h"
#include "ui/table/LayerTableView.h"
#include "FileTestSupport.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QComboBox>
#include <QLineEdit>
#include <QScrollBar>
#include <QtTest>

using namespace netsizer;
using namespace netsizer::test;

class TestKeyboard : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        isolateSettings(QStringLiteral("tst_keyboard"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        m_window = std::make_unique<app::MainWindow>(*m_doc, m_options);
        QVERIFY(m_window->files()->openFile(example(QStringLiteral("lenet5.json"))));
        m_window->resize(1366, 768);
        m_window->show();
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    }
    void cleanup()
    {
        m_window.reset();
        m_doc.reset();
    }

    void tabLeavesTheTable();
    void tabReachesEveryArea();
    void threeLayerNetByKeyboard();
    void trainingControlsSayWhatTheyChange();
    void shortcutListNamesTheCanvasKeys();

private:
    QWidget* focus() const { return QApplication::focusWidget(); }
    static bool inside(const QWidget* w, const QWidget* area) { return w && (w == area || area->isAncestorOf(w)); }
    void tab() { QTest::keyClick(focus() ? focus() : m_window.get(), Qt::Key_Tab); }
    // Tabs until the focus is inside `area` (at most 80 presses).
    bool tabInto(const QWidget* area)
    {
        for (int i = 0; i < 80 && !inside(focus(), area); ++i) tab();
        return inside(focus(), area);
    }
    QWidget* trainingControls() const { return m_window->findChild<QWidget*>(QStringLiteral("TrainingControls")); }
    void addFromPalette(const QString& search)
    {
        QLineEdit* field = m_window->palette()->searchField();
        QVERIFY(tabInto(field));
        QCOMPARE(focus(), field);
        QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(field, search);
        QTest::keyClick(field, Qt::Key_Return);
    }
    const core::Layer& layer(std::size_t i) const { return m_doc->graph().layers()[i]; }
    std::vector<core::LayerId> selected() const { return m_window->canvas()->graphScene()->selectedLayers(); }

    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<app::MainWindow> m_window;
};

void TestKeyboard::tabLeavesTheTable()
{
    ui::LayerTableView* table = m_window->layerTable();
    table->setFocus();
    table->setCurrentIndex(table->model()->index(0, 0));
    QVERIFY(table->hasFocus());
    QTest::keyClick(table, Qt::Key_Tab);
    QVERIFY(!inside(focus(), table));
    // And Shift+Tab leaves it backwards.
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Backtab, Qt::ShiftModifier);
    QVERIFY(!inside(focus(), table));
}

void TestKeyboard::tabReachesEveryArea()
{
    // The property panel has fields to reach once a layer is selected.
    m_window->canvas()->graphScene()->selectLayers({layer(1).id}, true);
    m_window->palette()->searchField()->setFocus();
    const QList<QPair<QString, const QWidget*>> areas = {
        {QStringLiteral("palette"), m_window->palette()},       {QStringLiteral("canvas"), m_window->canvas()},
        {QStringLiteral("properties"), m_window->properties()}, {QStringLiteral("table"), m_window->layerTable()},
        {QStringLiteral("controls"), trainingControls()},
    };
    QSet<QString> reached;
    QSet<QString> left;
    QString last;
    for (int i = 0; i < 150; ++i) {
        QString now;
        for (const auto& [name, area] : areas)
            if (inside(focus(), area)) now = name;
        if (!now.isEmpty()) reached.insert(now);
        if (!last.isEmpty() && now != last) left.insert(last);
        last = now;
        tab();
    }
    for (const auto& [name, area] : areas) {
        QVERIFY2(reached.contains(name), qPrintable(QStringLiteral("Tab never reaches the %1").arg(name)));
        QVERIFY2(left.contains(name), qPrintable(QStringLiteral("Tab never leaves the %1").arg(name)));
    }
}

void TestKeyboard::threeLayerNetByKeyboard()
{
    QVERIFY(m_window->files()->newDocument());
    QCOMPARE(m_doc->graph().layers().size(), std::size_t{0});
    ui::GraphView* canvas = m_window->canvas();

    addFromPalette(QStringLiteral("Input"));
    QCOMPARE(m_doc->graph().layers().size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(layer(0).kind->id), QStringLiteral("Input"));
    addFromPalette(QStringLiteral("Dense"));
    QCOMPARE(m_doc->graph().layers().size(), std::size_t{2});
    QCOMPARE(QString::fromStdString(layer(1).kind->id), QStringLiteral("Dense"));
    QCOMPARE(m_doc->graph().connections().size(), std::size_t{1}); // appended after the selection

    // Esc on the canvas clears the selection, so the next layer comes unconnected.
    QVERIFY(tabInto(canvas));
    QTest::keyClick(canvas, Qt::Key_Escape);
    QVERIFY(selected().empty());
    addFromPalette(QStringLiteral("ReLU"));
    QCOMPARE(m_doc->graph().layers().size(), std::size_t{3});
    QCOMPARE(QString::fromStdString(layer(2).kind->id), QStringLiteral("ReLU"));
    QCOMPARE(m_doc->graph().connections().size(), std::size_t{1});

    // Connect Dense → ReLU with C, choosing the layers with ] and [.
    QVERIFY(tabInto(canvas));
    QTest::keyClick(canvas, Qt::Key_Escape);
    QTest::keyClick(canvas, Qt::Key_BracketRight); // nothing selected: the first layer
    QCOMPARE(selected(), std::vector<core::LayerId>{layer(0).id});
    QTest::keyClick(canvas, Qt::Key_BracketRight);
    QCOMPARE(selected(), std::vector<core::LayerId>{layer(1).id});
    QTest::keyClick(canvas, Qt::Key_C);
    QTest::keyClick(canvas, Qt::Key_BracketRight);
    QCOMPARE(selected(), std::vector<core::LayerId>{layer(2).id});
    QTest::keyClick(canvas, Qt::Key_C);
    QCOMPARE(m_doc->graph().connections().size(), std::size_t{2});
    const core::Connection made = m_doc->graph().connections().back();
    QCOMPARE(made.from.layer, layer(1).id);
    QCOMPARE(made.to.layer, layer(2).id);
    QVERIFY(m_doc->analysis().ok());

    // The arrows follow the connections: up to the input and down again.
    QTest::keyClick(canvas, Qt::Key_Up);
    QCOMPARE(selected(), std::vector<core::LayerId>{layer(1).id});
    QTest::keyClick(canvas, Qt::Key_Up);
    QCOMPARE(selected(), std::vector<core::LayerId>{layer(0).id});
    QTest::keyClick(canvas, Qt::Key_Up); // no producer: stays
    QCOMPARE(selected(), std::vector<core::LayerId>{layer(0).id});
    QTest::keyClick(canvas, Qt::Key_Down);
    QTest::keyClick(canvas, Qt::Key_Down);
    QCOMPARE(selected(), std::vector<core::LayerId>{layer(2).id});
    // The property panel follows the keyboard's selection, as it follows a click.
    QVERIFY(m_window->properties()->isEnabled());

    // One accessible item per layer, named after it, the selected one focused.
    QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(canvas);
    QVERIFY(iface);
    QCOMPARE(iface->childCount(), 3);
    for (int i = 0; i < 3; ++i) {
        QAccessibleInterface* child = iface->child(i);
        QVERIFY(child);
        QVERIFY2(child->text(QAccessible::Name).startsWith(QString::fromStdString(layer(static_cast<std::size_t>(i)).name)),
                 qPrintable(child->text(QAccessible::Name)));
        QVERIFY(!child->text(QAccessible::Description).isEmpty());
        QCOMPARE(child->state().selected, i == 2);
        QCOMPARE(iface->indexOfChild(child), i);
        QCOMPARE(child->parent(), iface);
    }
    QCOMPARE(iface->focusChild(), iface->child(2));
    // Undo takes the connection away: it went through the Document like a drag.
    m_doc->undoStack()->undo();
    QCOMPARE(m_doc->graph().connections().size(), std::size_t{1});
}

void TestKeyboard::trainingControlsSayWhatTheyChange()
{
    QStringList missing;
    const QWidget* controls = trainingControls();
    for (QWidget* w : controls->findChildren<QWidget*>()) {
        const bool control = qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QAbstractSlider*>(w) ||
                             qobject_cast<QAbstractButton*>(w) || qobject_cast<QLineEdit*>(w);
        if (!control || qobject_cast<QScrollBar*>(w) || qobject_cast<QLineEdit*>(w->parentWidget()) || qobject_cast<QAbstractSpinBox*>(w->parentWidget()) ||
            qobject_cast<QComboBox*>(w->parentWidget()))
            continue; // the editor inside a spin box or combo box
        QString tip;
        for (const QWidget* p = w; p && p != controls && tip.isEmpty(); p = p->parentWidget()) tip = p->toolTip();
        QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(w);
        const QString name = iface ? iface->text(QAccessible::Name) : QString();
        if (tip.isEmpty() || name.isEmpty())
            missing << QStringLiteral("%1 %2 (tooltip: %3, accessible name: %4)")
                           .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), tip.isEmpty() ? QStringLiteral("none") : QStringLiteral("yes"),
                                name.isEmpty() ? QStringLiteral("none") : name);
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral("\n"))));
}

void TestKeyboard::shortcutListNamesTheCanvasKeys()
{
    const auto entries = ui::ShortcutsDialog::collect(m_window.get());
    auto has = [&](const QString& what, const QString& key) {
        for (const auto& e : entries)
            if (e.action.contains(what) && e.shortcut == key) return true;
        return false;
    };
    QVERIFY(has(QStringLiteral("Canvas ▸ Connect"), QStringLiteral("C")));
    QVERIFY(has(QStringLiteral("Canvas ▸ Select the layer fed by"), QStringLiteral("Down")));
    QVERIFY(has(QStringLiteral("Lesson ▸ Next step"), QStringLiteral("Right, Space")));
    QVERIFY(has(QStringLiteral("Lesson ▸ Leave"), QStringLiteral("Esc")));
}

QTEST_MAIN(TestKeyboard)
#include "tst_keyboard.moc"
