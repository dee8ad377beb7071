#pragma once
// Batch size on a log scale: a slider (1 … 65,536, log 2, 100 steps per doubling) next to a
// spin box. Emits batchEdited(batch, continuation): continuation is true for the second and
// later steps of one slider drag, so the Document merges a drag into one undo step. The same
// log-scale count serves the sequence length (setMaximum: another upper end).

#include <QWidget>

#include <cstdint>

class QSlider;
class QSpinBox;

namespace netsizer::ui {

class BatchSlider : public QWidget {
    Q_OBJECT
public:
    explicit BatchSlider(QWidget* parent = nullptr);

    // Shows `batch` without emitting batchEdited.
    void setBatch(std::uint64_t batch);
    std::uint64_t batch() const;
    // The largest value slider and spin box offer (default TrainingConfig::kMaxBatch); a larger
    // shown value is clamped. Emits nothing.
    void setMaximum(std::uint64_t maximum);

    QSlider* slider() const { return m_slider; }
    QSpinBox* spinBox() const { return m_spin; }

    // Slider position of a batch and back (exposed for tests).
    static int positionOf(std::uint64_t batch);
    static std::uint64_t batchAt(int position);

signals:
    void batchEdited(std::uint64_t batch, bool continuation);

private:
    QSlider* m_slider = nullptr;
    QSpinBox* m_spin = nullptr;
    bool m_dragStepDone = false; // a step of the current drag was emitted
};

} // namespace netsizer::ui
