#pragma once
// "Make it fit": shown under the memory summary while the configuration has a GPU and its peak
// does not fit (MemoryBreakdown::fits(), the advisor's verdict). Lists core::advise's
// suggestions cheapest first — each with its description, the peak it needs and what it saves
// against the current peak ("needs 3.24 GiB — saves 4.75 GiB"), its extra compute when not
// zero, and an Apply button that applies it as one undo step (applySuggestion) — then the
// advisor's notes (what it checked and will not suggest, and why).
//
// The advice is computed in updateFrom(), which MemoryView calls from its coalesced refresh, so
// it is re-run once per change of the analysis or the configuration and never on a repaint. A
// batch move calls updateAfterBatchMove() instead: while moves keep coming (a slider drag) the
// advisor runs at most once per kQuietMs, the panel greyed out meanwhile, and once more when
// they pause — so the charts replot within a frame while the advice follows. It
// is not computed at all while the configuration fits, has no GPU, the analysis has errors
// (the advisor needs a clean analysis; the summary lists the errors) or a size exceeds 64 bits
// (the summary names the layer; there is no figure to advise from). With many GPUs, while the
// rank that peaks does not fit, the panel offers a button instead: core::adviseParallel
// estimates every rank for each candidate (up to a second on a 70B model), so it runs when asked
// (adviseParallelNow) and its answer is dropped at the next change.

#include "core/advise/Advice.h"

#include <QElapsedTimer>
#include <QWidget>

class QLabel;
class QPushButton;
class QTimer;
class QVBoxLayout;

namespace netsizer::ui {

class DisplayOptions;
class Document;

class FitAdvicePanel : public QWidget {
    Q_OBJECT
public:
    FitAdvicePanel(Document& doc, const DisplayOptions& options, QWidget* parent = nullptr);

    // Re-advises for the document's current analysis and configuration, or hides the panel when
    // there is nothing to advise (see above). Milliseconds for ImageNet-sized networks.
    void updateFrom();
    // After a batch move: updateFrom() now when advising is cheap (nothing to advise) or the last
    // advice is older than kQuietMs; otherwise greys the panel out and updates kQuietMs after the
    // last move.
    void updateAfterBatchMove();
    static constexpr int kQuietMs = 250;
    // True while the shown advice is for an earlier batch (updateAfterBatchMove deferred it).
    bool isStale() const;

    // Tests and benchmarks.
    const core::Advice& advice() const { return m_advice; }
    bool hasAdvice() const { return m_hasAdvice; }
    int suggestionCount() const { return static_cast<int>(m_applyButtons.size()); }
    QString suggestionText(int index) const; // the row's title, description and figures, plain
    QPushButton* applyButton(int index) const { return m_applyButtons.at(static_cast<std::size_t>(index)); }
    QString notesText() const;
    // Wall time of the last core::advise call in milliseconds (0 when none ran).
    double lastAdviseMilliseconds() const { return m_lastMs; }
    // How many times core::advise or core::adviseParallel ran since construction.
    int adviseCount() const { return m_adviseCount; }
    // Many GPUs: the button that runs core::adviseParallel (shown while no rank's advice is).
    QPushButton* parallelButton() const { return m_parallelButton; }
    // Runs core::adviseParallel for the current settings and lists its suggestions.
    void adviseParallelNow();

private:
    bool wanted() const;         // one GPU and something to advise (see above)
    bool parallelWanted() const; // many GPUs and the rank that peaks does not fit
    void rebuild();
    void apply(std::size_t index);

    Document& m_doc;
    const DisplayOptions& m_options;
    core::Advice m_advice;
    bool m_hasAdvice = false;
    double m_lastMs = 0;
    int m_adviseCount = 0;
    QElapsedTimer m_sinceAdvise; // started when core::advise last ran
    QTimer* m_deferred = nullptr;
    QLabel* m_intro = nullptr;
    QWidget* m_list = nullptr;
    QVBoxLayout* m_listLayout = nullptr;
    QLabel* m_notes = nullptr;
    QPushButton* m_parallelButton = nullptr;
    bool m_parallelOffered = false; // the button shows, no parallel advice yet
    QStringList m_rowTexts;
    std::vector<QPushButton*> m_applyButtons;
};

} // namespace netsizer::ui
