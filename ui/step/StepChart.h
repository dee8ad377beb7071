#pragma once
// The Step through panel's chart: the two iterations of core::StepEvents as stacked areas
// (x = event, y = bytes alive, one area per MemorySeries entry in ComponentStyle colours), the
// iterations named and parted by a dotted line, the peak marked with a dot, and a cursor on the
// event being shown. A click on the plot emits eventClicked with the event under the pointer.
// setSteps() rebuilds the entries; setBatch() re-evaluates the same events (affine in the
// batch); neither replots — the owner replots once per change.

#include "core/estimate/MemoryBreakdown.h"
#include "core/explain/StepEvents.h"
#include "ui/charts/MemorySeries.h"

#include <qcustomplot.h>

#include <vector>

namespace netsizer::ui {

class ByteAxisTicker;
class DisplayOptions;

class StepChart : public QCustomPlot {
    Q_OBJECT
public:
    StepChart(const DisplayOptions& options, QWidget* parent = nullptr);

    // Takes `steps` (built from `breakdown`) and shows them at `batch`.
    void setSteps(const core::StepEvents& steps, const core::MemoryBreakdown& breakdown, std::uint64_t batch);
    void setBatch(std::uint64_t batch);
    // Moves the cursor to event `i` (-1 hides it).
    void setCursorEvent(int i);

    // ---- Tests: what is drawn. ----------------------------------------------------------
    int cursorEvent() const { return m_cursor; }
    int peakEvent() const { return m_peak; }
    // The top of the stack at event `i`, read back from the plotted areas (0 for a bad index).
    double plottedTotal(int i) const;

signals:
    void eventClicked(int event);

private:
    void rebuild();
    void placeCursor();

    const DisplayOptions& m_options;
    QSharedPointer<ByteAxisTicker> m_ticker;
    core::StepEvents m_steps;
    core::MemoryBreakdown m_breakdown;
    std::vector<MemorySeries> m_series;
    std::vector<QCPGraph*> m_graphs;
    std::uint64_t m_batch = 1;
    QCPItemStraightLine* m_iterationLine = nullptr;
    QCPItemText* m_iterationText[2] = {nullptr, nullptr};
    QCPItemRect* m_cursorBand = nullptr;
    QCPItemStraightLine* m_cursorLine = nullptr;
    QCPItemTracer* m_peakDot = nullptr;
    QCPItemText* m_peakText = nullptr;
    int m_cursor = -1;
    int m_peak = -1;
};

} // namespace netsizer::ui
