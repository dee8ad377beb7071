#include "ui/controls/BatchSlider.h"

#include "core/estimate/TrainingConfig.h"

#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include <cmath>
#include <limits>

namespace netsizer::ui {

namespace {
constexpr int kStepsPerDoubling = 100;
constexpr int kMaxPosition = 16 * kStepsPerDoubling; // 2^16 = 65,536
} // namespace

int BatchSlider::positionOf(std::uint64_t batch)
{
    return static_cast<int>(std::lround(std::log2(static_cast<double>(std::max<std::uint64_t>(batch, 1))) * kStepsPerDoubling));
}

std::uint64_t BatchSlider::batchAt(int position)
{
    const double b = std::pow(2.0, static_cast<double>(position) / kStepsPerDoubling);
    return std::clamp<std::uint64_t>(static_cast<std::uint64_t>(std::llround(b)), 1, core::TrainingConfig::kMaxBatch);
}

BatchSlider::BatchSlider(QWidget* parent) : QWidget(parent)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, kMaxPosition);
    m_slider->setPageStep(kStepsPerDoubling);
    m_slider->setSingleStep(10);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setTickInterval(2 * kStepsPerDoubling);
    m_slider->setToolTip(tr("Batch size (log scale: each tick doubles it twice)"));
    m_spin = new QSpinBox(this);
    m_spin->setRange(1, static_cast<int>(core::TrainingConfig::kMaxBatch));
    // Batch sizes are written as plain integers everywhere (summary, charts, CLI): 65536.
    m_spin->setGroupSeparatorShown(false);
    m_spin->setAccelerated(true);
    m_spin->setKeyboardTracking(false);
    m_spin->setToolTip(tr("Samples per forward and backward pass: the activations, their gradients and the input grow "
                          "in proportion; the weights, gradients and optimizer state do not"));
    m_slider->setAccessibleName(tr("Batch size slider"));
    m_spin->setAccessibleName(tr("Batch size"));
    row->addWidget(m_slider, 1);
    row->addWidget(m_spin);

    connect(m_slider, &QSlider::sliderPressed, this, [this] { m_dragStepDone = false; });
    connect(m_slider, &QSlider::valueChanged, this, [this](int pos) {
        const std::uint64_t b = std::min<std::uint64_t>(batchAt(pos), static_cast<std::uint64_t>(m_spin->maximum()));
        {
            const QSignalBlocker block(m_spin);
            m_spin->setValue(static_cast<int>(b));
        }
        const bool continuation = m_slider->isSliderDown() && m_dragStepDone;
        m_dragStepDone = m_slider->isSliderDown();
        emit batchEdited(b, continuation);
    });
    connect(m_spin, &QSpinBox::valueChanged, this, [this](int v) {
        {
            const QSignalBlocker block(m_slider);
            m_slider->setValue(positionOf(static_cast<std::uint64_t>(v)));
        }
        emit batchEdited(static_cast<std::uint64_t>(v), false);
    });
}

void BatchSlider::setBatch(std::uint64_t batch)
{
    const QSignalBlocker b1(m_slider);
    const QSignalBlocker b2(m_spin);
    m_spin->setValue(static_cast<int>(batch));
    if (batchAt(m_slider->value()) != batch) m_slider->setValue(positionOf(batch));
}

void BatchSlider::setMaximum(std::uint64_t maximum)
{
    const QSignalBlocker b1(m_slider);
    const QSignalBlocker b2(m_spin);
    const auto top = std::clamp<std::uint64_t>(maximum, 1, static_cast<std::uint64_t>(std::numeric_limits<int>::max()));
    m_slider->setMaximum(positionOf(top));
    m_spin->setMaximum(static_cast<int>(top));
}

std::uint64_t BatchSlider::batch() const { return static_cast<std::uint64_t>(m_spin->value()); }

} // namespace netsizer::ui
