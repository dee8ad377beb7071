#pragma once
// The Step through panel (View ▸ Step through): plays two training iterations of the open model
// event by event (core::StepEvents: forward, loss, backward, optimizer step, zero_grad, then the
// second iteration with the optimizer state alive from its start). Controls: first, back,
// play / pause, step, last, jump to the peak, and a scrubber; keys while the panel has focus:
// Space plays or pauses, Left / Right step, Home / End go to the ends, P jumps to the peak. It
// shows a caption of what happened (StepCaption), the allocations and frees of the event in
// PyTorch's snapshot vocabulary, what is alive by component, and the two iterations as stacked
// areas with a cursor (StepChart).
//
// Follows the document: a structural or configuration change rebuilds the events (only while
// the panel is visible; a hidden panel catches up when shown), a batch change only re-evaluates
// them (they are affine in the batch). Refreshes at most once per event-loop turn. The event
// shown stays where it was when the events are rebuilt (clamped to the new count).
// eventShown tells the window which layer to mark on the canvas and where the training-step
// chart's cursor goes.

#include "core/explain/StepEvents.h"
#include "core/graph/LayerId.h"
#include "ui/document/ChangeEvent.h"

#include <QWidget>

#include <optional>

class QLabel;
class QSlider;
class QTimer;
class QToolButton;

namespace netsizer::ui {

class Document;
class DisplayOptions;
class StepChart;

class StepPanel : public QWidget {
    Q_OBJECT
public:
    StepPanel(Document& doc, const DisplayOptions& options, QWidget* parent = nullptr);

    // The events shown (rebuilt now when stale).
    const core::StepEvents& steps();
    int currentEvent() const { return m_current; }
    bool isPlaying() const;
    // Milliseconds between two events while playing.
    void setPlayInterval(int ms);

    // ---- What is shown, for tests (pending refreshes are done first). ------------------
    QString captionText();
    QString positionText();
    QStringList ledgerLines();
    QString aliveText();
    StepChart* chart() const { return m_chart; }
    QSlider* scrubber() const { return m_scrubber; }

public slots:
    void goTo(int event);
    void stepForward();
    void stepBack();
    void goToFirst();
    void goToLast();
    void goToPeak();
    void togglePlay();
    void pause();
    // Recomputes for every pending document change now (normally runs queued).
    void refresh();

signals:
    // The event now shown: the layer it runs (none outside forward / backward), a short tag for
    // the canvas ("forward", "backward"), the training-step chart's event it mirrors (-1: none)
    // and its iteration. Emitted with no layer and -1 when the panel is hidden.
    void eventShown(std::optional<netsizer::core::LayerId> layer, const QString& tag, int timelineEvent, int iteration);

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void onChanged(const ChangeEvent& e);
    void schedule();
    void rebuild();
    void render();
    void announce();
    QToolButton* button(const QString& icon);
    void retranslate();
    // Rebuilds or re-renders now what is pending, visible or not (the accessors, the controls).
    void bringUpToDate();
    void catchUp(bool evenHidden);

    Document& m_doc;
    const DisplayOptions& m_options;
    core::StepEvents m_steps;
    bool m_stale = true;      // the events must be rebuilt from the document
    bool m_scheduled = false; // a refresh is queued
    Changes m_pending = Change::Reset;
    int m_current = 0;
    QTimer* m_timer = nullptr;
    QToolButton* m_first = nullptr;
    QToolButton* m_back = nullptr;
    QToolButton* m_play = nullptr;
    QToolButton* m_forward = nullptr;
    QToolButton* m_last = nullptr;
    QToolButton* m_peak = nullptr;
    QSlider* m_scrubber = nullptr;
    QLabel* m_position = nullptr;
    QLabel* m_caption = nullptr;
    QLabel* m_ledger = nullptr;
    QLabel* m_alive = nullptr;
    StepChart* m_chart = nullptr;
};

} // namespace netsizer::ui
