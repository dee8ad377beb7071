#pragma once
// The sequence length of a language model beside the batch: a log-scale slider and a spin box
// (BatchSlider) over 1 … the longest sequence the layers accept (core::maxSequenceLength; 2^17
// when nothing bounds it). Edits go through Document::setSequenceLength (undoable; a drag is one
// step, and each step re-analyses: the sequence is a layer attribute). Follows the Document on
// Structure / Attributes / Reset without echoing. Only models with token-id inputs have a
// sequence length: available() says whether this one has, and availableChanged fires when that
// flips (the training controls hide the row).

#include "ui/document/ChangeEvent.h"

#include <QWidget>

namespace netsizer::ui {

class BatchSlider;
class Document;

class SequenceLengthControl : public QWidget {
    Q_OBJECT
public:
    explicit SequenceLengthControl(Document& doc, QWidget* parent = nullptr);

    BatchSlider* slider() const { return m_slider; }
    bool available() const { return m_available; }

    // The upper end when no layer bounds the sequence.
    static constexpr std::int64_t kUnboundedMaximum = std::int64_t{1} << 17;

signals:
    void availableChanged(bool available);

private:
    void syncFromDocument();

    Document& m_doc;
    BatchSlider* m_slider = nullptr;
    bool m_available = false;
};

} // namespace netsizer::ui
