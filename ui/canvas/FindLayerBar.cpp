#include "ui/canvas/FindLayerBar.h"

#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"
#include "ui/document/Document.h"
#include "ui/style/StatusColors.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace netsizer::ui {

FindLayerBar::FindLayerBar(Document& doc, GraphView& canvas) : QFrame(&canvas), m_doc(doc), m_canvas(canvas)
{
    setObjectName(QStringLiteral("FindLayerBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(6, 3, 3, 3);
    row->setSpacing(4);
    m_field = new QLineEdit(this);
    m_field->setPlaceholderText(tr("Find layer by name"));
    m_field->setClearButtonEnabled(true);
    m_field->setMinimumWidth(180);
    m_field->installEventFilter(this);
    m_count = new QLabel(this);
    m_count->setMinimumWidth(64);
    auto button = [this](const QString& text, const QString& tip) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        return b;
    };
    QToolButton* prev = button(QStringLiteral("▲"), tr("Previous match (Shift+Enter)"));
    QToolButton* nextButton = button(QStringLiteral("▼"), tr("Next match (Enter)"));
    QToolButton* close = button(QStringLiteral("✕"), tr("Close (Esc)"));
    row->addWidget(m_field, 1);
    row->addWidget(m_count);
    row->addWidget(prev);
    row->addWidget(nextButton);
    row->addWidget(close);
    connect(m_field, &QLineEdit::textEdited, this, &FindLayerBar::search);
    connect(prev, &QToolButton::clicked, this, &FindLayerBar::previous);
    connect(nextButton, &QToolButton::clicked, this, &FindLayerBar::next);
    connect(close, &QToolButton::clicked, this, &FindLayerBar::dismiss);
    // Layers renamed, added or removed: the matches follow.
    connect(&doc, &Document::changed, this, [this](const ChangeEvent& e) {
        if (isVisible() && e.what.testAnyFlags(Change::Structure | Change::Attributes | Change::Reset)) {
            const int keep = m_current;
            search();
            if (keep >= 0 && keep < static_cast<int>(m_matches.size())) m_current = keep;
            showCount();
        }
    });
    hide();
}

void FindLayerBar::activate()
{
    show();
    raise();
    m_field->setFocus(Qt::ShortcutFocusReason);
    m_field->selectAll();
}

void FindLayerBar::search()
{
    m_matches.clear();
    m_current = -1;
    const QString text = m_field->text().trimmed();
    if (!text.isEmpty())
        for (const auto& layer : m_doc.graph().layers())
            if (QString::fromStdString(layer.name).contains(text, Qt::CaseInsensitive)) m_matches.push_back(layer.id);
    if (!m_matches.empty()) goTo(0);
    showCount();
}

void FindLayerBar::goTo(int index)
{
    if (m_matches.empty()) return;
    const int n = static_cast<int>(m_matches.size());
    m_current = ((index % n) + n) % n;
    const core::LayerId id = m_matches[static_cast<std::size_t>(m_current)];
    GraphScene* scene = m_canvas.graphScene();
    scene->refresh(); // items for layers added this turn
    scene->selectLayers({id}, true);
    if (NodeItem* node = scene->node(id)) {
        if (m_canvas.zoom() < kFindZoom) {
            m_canvas.resetTransform();
            m_canvas.scale(kFindZoom, kFindZoom);
        }
        m_canvas.centerOn(node);
        emit m_canvas.viewportChanged();
    }
    showCount();
}

void FindLayerBar::next() { goTo(m_current + 1); }
void FindLayerBar::previous() { goTo(m_current - 1); }

void FindLayerBar::dismiss()
{
    hide();
    m_canvas.setFocus(Qt::OtherFocusReason);
}

QString FindLayerBar::countText() const { return m_count->text(); }

void FindLayerBar::showCount()
{
    if (m_field->text().trimmed().isEmpty()) {
        m_count->clear();
        return;
    }
    if (m_matches.empty()) {
        m_count->setText(tr("No match"));
        QPalette pal;
        pal.setColor(QPalette::WindowText, StatusColors::error(palette()));
        m_count->setPalette(pal); // only WindowText is set; the rest follows the bar
    } else {
        m_count->setText(tr("%1 of %2").arg(std::max(m_current, 0) + 1).arg(m_matches.size()));
        m_count->setPalette(QPalette()); // inherits everything (a theme switch included)
    }
}

void FindLayerBar::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        dismiss();
        return;
    }
    QFrame::keyPressEvent(event);
}

bool FindLayerBar::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_field && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (key->modifiers() & Qt::ShiftModifier) previous();
            else next();
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            dismiss();
            return true;
        }
    }
    return QFrame::eventFilter(watched, event);
}

} // namespace netsizer::ui
