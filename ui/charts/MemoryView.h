#pragma once
// The memory view: two tabs above — per-layer stacked bars and the training-step timeline
// (TimelineChart) — and total-vs-batch areas and the summary below, plus the binary/decimal
// unit switch. Listens to Document::changed and recomputes at most once per event-loop turn (a
// queued refresh collects every event of the turn), then replots the visible charts at once,
// before the window next paints (ARCHITECTURE.md rule 5). A batch-only turn re-evaluates the affine components of
// the existing breakdown; it never re-analyses. Under the summary, the "Make it fit" panel
// (FitAdvicePanel) is re-advised in the same refresh while the configuration does not fit.

#include "ui/document/ChangeEvent.h"

#include <QWidget>

class QTabWidget;

namespace netsizer::ui {

class BatchCurveChart;
class DisplayOptions;
class Document;
class FitAdvicePanel;
class LayerBarsChart;
class SummaryPanel;
class TimelineChart;

class MemoryView : public QWidget {
    Q_OBJECT
public:
    MemoryView(Document& doc, DisplayOptions& options, QWidget* parent = nullptr);

    LayerBarsChart* barsChart() const { return m_bars; }
    BatchCurveChart* curveChart() const { return m_curve; }
    TimelineChart* timelineChart() const { return m_timeline; }
    // Shows the per-layer bars (0) or the training-step timeline (1) above.
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

    Document& m_doc;
    DisplayOptions& m_options;
    LayerBarsChart* m_bars = nullptr;
    BatchCurveChart* m_curve = nullptr;
    TimelineChart* m_timeline = nullptr;
    QTabWidget* m_tabs = nullptr;
    SummaryPanel* m_summary = nullptr;
    FitAdvicePanel* m_fitAdvice = nullptr;
    Changes m_pending = Change::Reset;
    bool m_scheduled = false;
    int m_refreshCount = 0;
};

} // namespace netsizer::ui
