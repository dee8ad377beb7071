#include "ui/controls/SequenceLengthControl.h"

#include "core/analysis/SequenceLength.h"
#include "ui/controls/BatchSlider.h"
#include "ui/document/Document.h"

#include <QHBoxLayout>
#include <QSlider>
#include <QSpinBox>

namespace netsizer::ui {

SequenceLengthControl::SequenceLengthControl(Document& doc, QWidget* parent) : QWidget(parent), m_doc(doc)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_slider = new BatchSlider(this);
    m_slider->slider()->setToolTip(tr("Sequence length in tokens (log scale: each tick doubles it twice)"));
    m_slider->spinBox()->setSuffix(tr(" tokens"));
    setToolTip(tr("Tokens per sample: the length of every token-id input. Activations grow with it — linearly, and "
                  "quadratically in eager attention's scores — while weights and optimizer state do not. Changing it "
                  "re-analyses the network; the batch slider stays instant."));
    row->addWidget(m_slider);
    connect(m_slider, &BatchSlider::batchEdited, this, [this](std::uint64_t length, bool continuation) {
        m_doc.setSequenceLength(static_cast<std::int64_t>(length), continuation);
    });
    connect(&doc, &Document::changed, this, [this](const ChangeEvent& e) {
        if (e.what.testAnyFlags(Change::Structure | Change::Attributes | Change::Reset)) syncFromDocument();
    });
    syncFromDocument();
}

void SequenceLengthControl::syncFromDocument()
{
    const auto length = core::sequenceLength(m_doc.graph());
    if (length) {
        const std::int64_t top = core::maxSequenceLength(m_doc.graph()).value_or(kUnboundedMaximum);
        m_slider->setMaximum(static_cast<std::uint64_t>(std::max(top, *length)));
        m_slider->setBatch(static_cast<std::uint64_t>(*length));
    }
    if (length.has_value() != m_available) {
        m_available = length.has_value();
        emit availableChanged(m_available);
    }
}

} // namespace netsizer::ui
