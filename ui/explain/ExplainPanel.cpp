#include "ui/explain/ExplainPanel.h"

#include "ui/document/Document.h"
#include "ui/explain/ExplainFormat.h"
#include "ui/explain/ExplainLayerText.h"
#include "ui/explain/ExplainTotalsText.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"

#include <QEvent>
#include <QScrollBar>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace netsizer::ui {

ExplainPanel::ExplainPanel(Document& doc, const DisplayOptions& options, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_options(options)
{
    setObjectName(QStringLiteral("ExplainPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_browser = new QTextBrowser(this);
    m_browser->setObjectName(QStringLiteral("ExplainBrowser"));
    m_browser->setOpenLinks(false);
    m_browser->setFrameShape(QFrame::NoFrame);
    m_browser->setAccessibleName(tr("Formula cards"));
    layout->addWidget(m_browser);
    connect(m_browser, &QTextBrowser::anchorClicked, this, &ExplainPanel::onAnchor);
    connect(&doc, &Document::changed, this, &ExplainPanel::onChanged);
    connect(&options, &DisplayOptions::changed, this, &ExplainPanel::scheduleRender);
    render();
}

void ExplainPanel::setLayer(std::optional<core::LayerId> id)
{
    if (!id) {
        if (m_kind != Target::Layer) return;
        m_kind = Target::None;
    } else {
        if (m_kind == Target::Layer && m_layer == *id) return;
        m_kind = Target::Layer;
        m_layer = *id;
    }
    m_explanationValid = false;
    scheduleRender();
}

void ExplainPanel::showComponent(core::Component c)
{
    m_kind = Target::Component;
    m_component = c;
    scheduleRender();
}

void ExplainPanel::showPeak()
{
    m_kind = Target::Peak;
    scheduleRender();
}

QString ExplainPanel::plainText()
{
    if (m_renderQueued) render();
    return m_browser->toPlainText();
}

QString ExplainPanel::html()
{
    if (m_renderQueued) render();
    return m_browser->toHtml();
}

void ExplainPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::LanguageChange) scheduleRender();
}

void ExplainPanel::onChanged(const ChangeEvent& e)
{
    if (!e.changesMemory() && !e.what.testFlag(Change::Attributes)) return;
    // A batch change keeps every per-layer figure (affine in the batch): only the text moves.
    if (e.what != Changes(Change::Batch)) m_explanationValid = false;
    scheduleRender();
}

void ExplainPanel::onAnchor(const QUrl& url)
{
    const QString s = url.toString();
    bool ok = false;
    if (s.startsWith(QLatin1String("layer:"))) {
        const uint index = s.mid(6).toUInt(&ok);
        if (ok) emit layerActivated(core::LayerId{index});
    } else if (s.startsWith(QLatin1String("component:"))) {
        const int c = s.mid(10).toInt(&ok);
        if (ok && c >= 0 && c < core::kComponentCount) showComponent(static_cast<core::Component>(c));
    } else if (s == QLatin1String("peak")) {
        showPeak();
    }
}

void ExplainPanel::scheduleRender()
{
    if (m_renderQueued) return;
    m_renderQueued = true;
    QMetaObject::invokeMethod(this, [this] {
        if (m_renderQueued) render();
    }, Qt::QueuedConnection);
}

QString ExplainPanel::navigation() const
{
    QStringList links{ExplainFormat::link(QStringLiteral("peak"), tr("Peak"))};
    for (core::Component c : core::kAllComponents)
        links << ExplainFormat::link(QStringLiteral("component:%1").arg(static_cast<int>(c)), ComponentStyle::label(c));
    return QStringLiteral("<p><small>%1 %2</small></p>").arg(tr("Totals:"), links.join(QStringLiteral(" · ")));
}

void ExplainPanel::render()
{
    m_renderQueued = false;
    const ExplainFormat f(m_options.units(), palette());
    QString body;
    switch (m_kind) {
    case Target::Layer: {
        const core::MemoryBreakdown& breakdown = m_doc.breakdown();
        if (!m_explanationValid) {
            m_explanation = core::explainLayerMemory(m_doc.graph(), m_doc.analysis(), breakdown, m_layer);
            m_explanationValid = true;
        }
        if (m_explanation) {
            m_explanation->config.batch = breakdown.config.batch;
            body = ExplainLayerText::html(*m_explanation, f);
        } else {
            body = QStringLiteral("<p>%1</p>").arg(tr("This layer could not be analysed: see its error in the properties."));
        }
        break;
    }
    case Target::Component:
        body = ExplainTotalsText::componentHtml(m_doc.graph(), m_doc.breakdown(), m_component, f);
        break;
    case Target::Peak: body = ExplainTotalsText::peakHtml(m_doc.graph(), m_doc.breakdown(), f); break;
    case Target::None:
        body = QStringLiteral("<p>%1</p>")
                   .arg(tr("Select a layer on the canvas, in the layer table or a bar of the layer chart, or click a "
                           "total in the summary: its cards show how each number is computed."));
        break;
    }
    // Keep the reader's place while the same thing re-renders (a batch drag).
    const bool same = m_kind == m_renderedKind && (m_kind != Target::Layer || m_layer == m_renderedLayer);
    const int scroll = m_browser->verticalScrollBar()->value();
    m_browser->setHtml(navigation() + body);
    if (same) m_browser->verticalScrollBar()->setValue(scroll);
    m_renderedKind = m_kind;
    m_renderedLayer = m_layer;
}

} // namespace netsizer::ui
