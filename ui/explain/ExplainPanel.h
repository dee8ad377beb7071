#pragma once
// The "Explain" panel: formula cards for what is selected — a layer (canvas, layer table or a
// bar of the layer chart), a component of the summary or the peak. For a layer it shows how
// each of its numbers was computed (ExplainLayerText); for a total the sum of its layers or
// what is alive at the peak (ExplainTotalsText). Follows the document: a structural or
// configuration change recomputes the explanation, a batch change only re-renders it (the
// figures are affine in the batch). Re-renders at most once per event-loop turn.
//
// Links inside the cards: a layer name emits layerActivated (the window selects it, and the
// selection brings the layer back here), a component or the peak switches the panel to it.

#include "core/explain/LayerMemoryExplanation.h"
#include "core/graph/LayerId.h"
#include "core/memory/Component.h"

#include <QWidget>

#include <optional>

class QTextBrowser;
class QUrl;

namespace netsizer::ui {

class Document;
class DisplayOptions;
struct ChangeEvent;

class ExplainPanel : public QWidget {
    Q_OBJECT
public:
    ExplainPanel(Document& doc, const DisplayOptions& options, QWidget* parent = nullptr);

    // The layer selected elsewhere; nullopt (none or several selected) leaves a component or
    // peak card in place and replaces a layer's cards by the hint.
    void setLayer(std::optional<core::LayerId> id);
    void showComponent(core::Component c);
    void showPeak();

    // What is shown, for tests: the layer, or the component / peak.
    std::optional<core::LayerId> layer() const { return m_kind == Target::Layer ? std::optional(m_layer) : std::nullopt; }
    std::optional<core::Component> component() const
    {
        return m_kind == Target::Component ? std::optional(m_component) : std::nullopt;
    }
    bool showsPeak() const { return m_kind == Target::Peak; }
    // The cards as plain text and as HTML, rendered now (pending refreshes are done first).
    QString plainText();
    QString html();
    QTextBrowser* browser() const { return m_browser; }

signals:
    void layerActivated(netsizer::core::LayerId id);

protected:
    void changeEvent(QEvent* event) override;

private:
    enum class Target { None, Layer, Component, Peak };
    void onChanged(const ChangeEvent& e);
    void onAnchor(const QUrl& url);
    void scheduleRender();
    void render();
    QString navigation() const;

    Document& m_doc;
    const DisplayOptions& m_options;
    QTextBrowser* m_browser = nullptr;
    Target m_kind = Target::None;
    core::LayerId m_layer{};
    core::Component m_component = core::Component::Weights;
    std::optional<core::LayerMemoryExplanation> m_explanation; // of m_layer; reset on change
    bool m_explanationValid = false;
    bool m_renderQueued = false;
    Target m_renderedKind = Target::None; // what the scroll position belongs to
    core::LayerId m_renderedLayer{};
};

} // namespace netsizer::ui
