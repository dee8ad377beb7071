#pragma once
// The memory view: tabs above — per-layer stacked bars, the training-step timeline
// (TimelineChart), one stacked bar per distinct GPU rank (RankBarsChart) and, for models with
// token-id inputs, memory against sequence length (SequenceChart) — and total-vs-batch areas
// and the summary below, plus the binary/decimal unit switch. With many GPUs
// (Document::parallelEstimate) the batch curve and the summary are per GPU — the rank that peaks,
// at its samples per pass — and the lines above the summary (RankSummaryLabel) name that rank
// and every rank's verdict; the per-layer bars and the timeline show one rank's layers — the
// rank that peaks, or the one clicked in the Per GPU tab — named in their tab titles. The sequence chart is re-swept only while its tab shows (a hidden tab collects
// what went stale and catches up when shown). Listens to Document::changed and recomputes at most once per event-loop turn (a
// queued refresh collects every event of the turn), then replots the visible charts at once,
// before the window next paints (ARCHITECTURE.md rule 5). A batch-only turn re-evaluates the affine components of
// the existing breakdown; it never re-analyses. Under the summary, the "Make it fit" panel
// (FitAdvicePanel) is re-advised in the same refresh while the configuration does not fit.

#include "ui/document/ChangeEvent.h"

#include <QWidget>

#include <memory>

class QTabWidget;

namespace netsizer::ui {

class BatchCurveChart;
class DisplayOptions;
class Document;
class FitAdvicePanel;
class LayerBarsChart;
class RankBarsChart;
class RankSummaryLabel;
class SequenceChart;
class SequenceSweep;
class SummaryPanel;
class TimelineChart;

class MemoryView : public QWidget {
    Q_OBJECT
public:
    MemoryView(Document& doc, DisplayOptions& options, QWidget* parent = nullptr);
    ~MemoryView() override;

    LayerBarsChart* barsChart() const { return m_bars; }
    BatchCurveChart* curveChart() const { return m_curve; }
    TimelineChart* timelineChart() const { return m_timeline; }
    RankBarsChart* rankChart() const { return m_ranks; }
    SequenceChart* sequenceChart() const { return m_sequence; }
    RankSummaryLabel* rankSummary() const { return m_rankSummary; }
    // The charts above, by tab.
    enum TopChart { LayerBars = 0, Timeline = 1, Ranks = 2, Sequence = 3 };
    // Shows one of the charts above (TopChart).
    void showTopChart(int index);
    SummaryPanel* summary() const { return m_summary; }
    FitAdvicePanel* fitAdvice() const { return m_fitAdvice; }
    // How many refreshes ran (tests and benchmarks check the coalescing).
    int refreshCount() const { return m_refreshCount; }

public slots:
    // Recomputes the views for everything pending now (normally runs queued).
    void refresh();

signals:
    // Emitted after a refresh has updated every chart's data and replotted both charts.
    void refreshed();

private:
    void onChanged(const ChangeEvent& e);
    // Brings the sequence chart up to date with what went stale (m_sequenceStale).
    void updateSequence();
    // The per-layer bars and the timeline for `pending`: the whole model, or the shown rank's.
    void updateLayerViews(Changes pending);

    Document& m_doc;
    DisplayOptions& m_options;
    LayerBarsChart* m_bars = nullptr;
    BatchCurveChart* m_curve = nullptr;
    TimelineChart* m_timeline = nullptr;
    QTabWidget* m_tabs = nullptr;
    SummaryPanel* m_summary = nullptr;
    FitAdvicePanel* m_fitAdvice = nullptr;
    RankBarsChart* m_ranks = nullptr;
    SequenceChart* m_sequence = nullptr;
    RankSummaryLabel* m_rankSummary = nullptr;
    std::unique_ptr<SequenceSweep> m_sweep;
    // What the sequence sweep must redo: nothing, re-evaluate at the batch, re-estimate, re-analyse.
    enum class Stale { None, Batch, Config, Analysis } m_sequenceStale = Stale::Analysis;
    Changes m_pending = Change::Reset;
    bool m_scheduled = false;
    int m_refreshCount = 0;
    int m_shownRank = -1; // clicked in the Per GPU tab; -1: the rank that peaks
};

} // namespace netsizer::ui
