// ui::Document and its undo commands: every command applies (A → B), undoes to exactly A and
// redoes to exactly B; gestures merge; batch edits are O(1); the cached figures equal the engine.
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/graph/GraphBuilder.h"
#include "core/layers/KindRegistry.h"
#include "tests/ui/GraphCompare.h"
#include "ui/document/Document.h"
#include "ui/models/BuiltinModels.h"

#include <QSignalSpy>
#include <QtTest>

#include <algorithm>
#include <functional>

using namespace netsizer;
using netsizer::core::LayerId;
using netsizer::test::describeGraph;
using netsizer::ui::Change;
using netsizer::ui::ChangeEvent;
using netsizer::ui::Document;

Q_DECLARE_METATYPE(netsizer::ui::ChangeEvent)

namespace {

core::Graph smallNet()
{
    core::GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", core::IntList{3, 32, 32}}});
    auto c = b.add("Conv2D", "conv", {x}, {{"filters", std::int64_t{16}}, {"kernel_size", core::IntList{3}}, {"padding", core::IntList{1}}});
    auto r = b.add("ReLU", "relu", {c});
    auto f = b.add("Flatten", "flatten", {r});
    b.add("Dense", "fc", {f}, {{"units", std::int64_t{10}}});
    return b.take();
}

LayerId idOf(const Document& d, const char* name) { return d.graph().findByName(name)->id; }

QString stateOf(const Document& d)
{
    const auto& c = d.config();
    return describeGraph(d.graph()) + QStringLiteral("\ncfg %1 %2 %3 %4 %5 %6 %7")
                                          .arg(c.batch)
                                          .arg(int(c.mode))
                                          .arg(int(c.optimizer))
                                          .arg(int(c.precision))
                                          .arg(int(c.framework))
                                          .arg(c.gpu ? QString::fromStdString(c.gpu->name) : QString("-"))
                                          .arg(c.gpu ? c.gpu->memoryBytes : 0);
}

// Runs `edit` (which must push exactly one undo step) and checks A → B, undo → A, redo → B.
void checkRoundTrip(Document& d, const std::function<void()>& edit)
{
    const QString a = stateOf(d);
    const int before = d.undoStack()->index();
    edit();
    QCOMPARE(d.undoStack()->index(), before + 1);
    const QString b = stateOf(d);
    QVERIFY2(a != b, "the edit changed nothing");
    d.undoStack()->undo();
    QCOMPARE(stateOf(d), a);
    d.undoStack()->redo();
    QCOMPARE(stateOf(d), b);
    d.undoStack()->undo();
    QCOMPARE(stateOf(d), a);
    d.undoStack()->redo();
    QCOMPARE(stateOf(d), b);
}

// The breakdown the Document caches must equal a fresh run of the engine.
void checkFreshFigures(const Document& d)
{
    const auto fresh = core::estimate(core::analyze(d.graph()), d.config(),
                                      core::GpuCatalog::builtin().defaultContextBytes());
    const auto& cached = d.breakdown();
    QCOMPARE(cached.config.batch, d.config().batch);
    for (auto c : core::kAllComponents) {
        QCOMPARE(cached[c].fixed, fresh[c].fixed);
        QCOMPARE(cached[c].perSample, fresh[c].perSample);
    }
    QCOMPARE(cached.peakBytes(), fresh.peakBytes());
    QCOMPARE(cached.componentMaximaSumAt(cached.config.batch), fresh.componentMaximaSumAt(fresh.config.batch));
}

} // namespace

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_doc = std::make_unique<Document>();
        m_doc->reset(smallNet(), core::TrainingConfig{});
    }
    void resetIsCleanAndEmpty()
    {
        QCOMPARE(m_doc->undoStack()->count(), 0);
        QVERIFY(!m_doc->isModified());
        QCOMPARE(m_doc->graph().size(), std::size_t{5});
    }
    void addLayer()
    {
        const auto* dense = core::KindRegistry::builtin().find("Dense");
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->addLayer(*dense, 10, 20)); });
        QVERIFY(m_doc->graph().findByName("dense"));
        QVERIFY(m_doc->isModified());
    }
    void addLayerFed()
    {
        const auto* dense = core::KindRegistry::builtin().find("Dense");
        std::optional<LayerId> id;
        checkRoundTrip(*m_doc, [&] { id = m_doc->addLayer(*dense, 0, 0, core::PortRef{idOf(*m_doc, "fc"), 0}); });
        QVERIFY(id);
        QCOMPARE(m_doc->graph().inputsOf(*id).size(), std::size_t{1});
        // The id survives undo/redo: later commands naming it stay valid.
        QVERIFY(m_doc->graph().find(*id));
        QVERIFY(m_doc->analysis().ok());
    }
    void removeMiddleLayer()
    {
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->removeLayers({idOf(*m_doc, "relu")})); });
        QVERIFY(!m_doc->graph().findByName("relu"));
        QCOMPARE(m_doc->graph().connections().size(), std::size_t{2});
    }
    void removeSeveral()
    {
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->removeLayers({idOf(*m_doc, "conv"), idOf(*m_doc, "fc")})); });
        QCOMPARE(m_doc->graph().size(), std::size_t{3});
    }
    void connect()
    {
        const auto* dense = core::KindRegistry::builtin().find("Dense");
        const LayerId extra = *m_doc->addLayer(*dense, 0, 0);
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->connectPorts({{idOf(*m_doc, "fc"), 0}, {extra, 0}})); });
        QVERIFY(!m_doc->connectPorts({{idOf(*m_doc, "fc"), 0}, {extra, 0}})); // exists
        QVERIFY(!m_doc->connectPorts({{extra, 0}, {extra, 0}}));              // self-loop
    }
    // An input port takes one tensor: a second connection into it is refused with the reason,
    // and nothing is pushed (the graph and the undo stack are as before).
    void connectRefusesOccupiedInput()
    {
        const QString before = describeGraph(m_doc->graph());
        const int steps = m_doc->undoStack()->count();
        QString error;
        QVERIFY(!m_doc->connectPorts({{idOf(*m_doc, "conv"), 0}, {idOf(*m_doc, "flatten"), 0}}, &error));
        QCOMPARE(error, QStringLiteral("Input 1 of flatten already takes relu; delete that connection first"));
        QCOMPARE(describeGraph(m_doc->graph()), before);
        QCOMPARE(m_doc->undoStack()->count(), steps);
    }
    // add takes any number of inputs, so its port 2 is free: only the cycle is wrong. dense →
    // add (add already feeds dense) is refused, named, nothing pushed; the analysis keeps every
    // layer (add's one missing input is its only complaint).
    void connectRefusesCycle()
    {
        const auto* add = core::KindRegistry::builtin().find("Add");
        const auto* dense = core::KindRegistry::builtin().find("Dense");
        const LayerId sum = *m_doc->addLayer(*add, 0, 0, core::PortRef{idOf(*m_doc, "conv"), 0});
        const LayerId after = *m_doc->addLayer(*dense, 0, 0, core::PortRef{sum, 0});
        const QString before = describeGraph(m_doc->graph());
        const int steps = m_doc->undoStack()->count();
        QString error;
        QVERIFY(!m_doc->connectPorts({{after, 0}, {sum, 1}}, &error));
        QCOMPARE(error, QStringLiteral("dense → add would close a cycle: add already feeds dense"));
        QVERIFY(!m_doc->connectPorts({{idOf(*m_doc, "fc"), 0}, {idOf(*m_doc, "fc"), 0}}, &error));
        QCOMPARE(error, QStringLiteral("fc cannot feed itself"));
        QCOMPARE(describeGraph(m_doc->graph()), before);
        QCOMPARE(m_doc->undoStack()->count(), steps);
        // Every layer still in the analysis (a cycle would drop them all), none "on a cycle".
        QCOMPARE(m_doc->analysis().layers.size(), m_doc->graph().size());
        for (const auto& e : m_doc->analysis().errors) QVERIFY2(e.message.find("cycle") == std::string::npos, e.message.c_str());
        // Without the cycle the same port takes the connection.
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->connectPorts({{idOf(*m_doc, "relu"), 0}, {sum, 1}})); });
    }
    void disconnectMiddle()
    {
        const core::Connection c{{idOf(*m_doc, "conv"), 0}, {idOf(*m_doc, "relu"), 0}};
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->disconnectPorts(c)); });
        QVERIFY(!m_doc->analysis().ok()); // relu lost its input
        QVERIFY(!m_doc->disconnectPorts({{idOf(*m_doc, "fc"), 0}, {idOf(*m_doc, "input"), 0}}));
    }
    void insertIntoConnection()
    {
        const auto* drop = core::KindRegistry::builtin().find("Dropout");
        const LayerId d = *m_doc->addLayer(*drop, 0, 0);
        const core::Connection c{{idOf(*m_doc, "flatten"), 0}, {idOf(*m_doc, "fc"), 0}};
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->insertIntoConnection(d, c)); });
        QCOMPARE(m_doc->graph().inputsOf(idOf(*m_doc, "fc"))[0].from.layer, d);
        QVERIFY(m_doc->analysis().ok());
    }
    void setAttributeChangesBreakdown()
    {
        const LayerId fc = idOf(*m_doc, "fc");
        const auto before = m_doc->breakdown()[core::Component::Weights].fixed;
        const int units = m_doc->graph().find(fc)->kind->paramIndex("units");
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->setAttribute(fc, units, std::int64_t{20})); });
        // 16·32·32 inputs → 20 units instead of 10: 10 × (16384 + 1) more weights, 4 bytes each.
        QCOMPARE(m_doc->breakdown()[core::Component::Weights].fixed, before + 10 * (16384 + 1) * 4);
        checkFreshFigures(*m_doc);
    }
    void setAttributeRejectsInvalid()
    {
        const LayerId fc = idOf(*m_doc, "fc");
        const int units = m_doc->graph().find(fc)->kind->paramIndex("units");
        QString error;
        QVERIFY(!m_doc->setAttribute(fc, units, std::int64_t{0}, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!m_doc->setAttribute(fc, units, std::string("ten"), &error));
        QCOMPARE(m_doc->undoStack()->count(), 0);
    }
    void rename()
    {
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->renameLayer(idOf(*m_doc, "fc"), "classifier")); });
        QString error;
        QVERIFY(!m_doc->renameLayer(idOf(*m_doc, "conv"), "relu", &error));
        QVERIFY(!error.isEmpty());
    }
    void freezingRemovesGradientsAndOptimizerState()
    {
        const LayerId conv = idOf(*m_doc, "conv");
        auto layerRow = [&](LayerId id) {
            for (const auto& l : m_doc->breakdown().layers)
                if (l.id == id) return l;
            return core::LayerMemory{};
        };
        QVERIFY(layerRow(conv)[core::Component::Gradients].fixed > 0);
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->setTrainable(conv, false)); });
        QCOMPARE(layerRow(conv)[core::Component::Gradients].fixed, std::uint64_t{0});
        QCOMPARE(layerRow(conv)[core::Component::OptimizerState].fixed, std::uint64_t{0});
        QVERIFY(layerRow(conv)[core::Component::Weights].fixed > 0);
        checkFreshFigures(*m_doc);
    }
    // "Checkpoint these": conv and relu become one segment. Its output (the conv's storage, which
    // the in-place ReLU saves) is saved by fc, outside, so the forward keeps the same bytes; the
    // step gains the recomputation.
    void checkpointThese()
    {
        const std::vector<LayerId> ids = {idOf(*m_doc, "conv"), idOf(*m_doc, "relu")};
        const auto kept = m_doc->breakdown()[core::Component::Activations].perSample;
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->setCheckpoint(ids, "block")); });
        QCOMPARE(m_doc->analysis().segments.size(), std::size_t{1});
        QCOMPARE(m_doc->breakdown()[core::Component::Activations].perSample, kept);
        const auto& ev = m_doc->breakdown().timeline.events;
        QVERIFY(std::any_of(ev.begin(), ev.end(), [](const core::TimelineEvent& e) { return e.phase == core::StepPhase::Recompute; }));
        QVERIFY(!m_doc->setCheckpoint(ids, "block")); // already
        checkFreshFigures(*m_doc);
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->setCheckpoint(ids, "")); });
        QVERIFY(m_doc->analysis().segments.empty());
    }
    void freezeUpTo()
    {
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->freezeUpTo(idOf(*m_doc, "flatten"))); });
        QVERIFY(!m_doc->graph().findByName("conv")->trainable);
        QVERIFY(m_doc->graph().findByName("fc")->trainable);
        QCOMPARE(m_doc->analysis().paramsTrainable, core::Count{16384 * 10 + 10});
    }
    void moveMergesOneDrag()
    {
        const LayerId fc = idOf(*m_doc, "fc");
        const QString a = stateOf(*m_doc);
        m_doc->moveLayer(fc, 1, 1, false);
        m_doc->moveLayer(fc, 2, 2, true);
        m_doc->moveLayer(fc, 3, 3, true);
        QCOMPARE(m_doc->undoStack()->count(), 1);
        QCOMPARE(m_doc->graph().find(fc)->x, 3.0);
        m_doc->undoStack()->undo();
        QCOMPARE(stateOf(*m_doc), a);
        checkRoundTrip(*m_doc, [&] { m_doc->moveLayer(fc, 5, 6, false); });
    }
    void configEdit()
    {
        core::TrainingConfig c = m_doc->config();
        c.optimizer = core::Optimizer::Sgd;
        c.gpu = core::GpuCatalog::builtin().gpus().front();
        QSignalSpy spy(m_doc.get(), &Document::changed);
        checkRoundTrip(*m_doc, [&] { QVERIFY(m_doc->setConfig(c)); });
        QVERIFY(spy.count() >= 1);
        const auto ev = spy.at(0).at(0).value<ChangeEvent>();
        QVERIFY(ev.what.testFlag(Change::Config));
        checkFreshFigures(*m_doc);
    }
    void batchSliderDragIsOneStepAndO1()
    {
        m_doc->breakdown(); // warm the caches
        const int analyses = m_doc->analysisCount();
        const int estimates = m_doc->estimateCount();
        const QString a = stateOf(*m_doc);
        QSignalSpy spy(m_doc.get(), &Document::changed);
        QVERIFY(m_doc->setBatch(40, false)); // the first step of a drag
        for (std::uint64_t b : {64, 100, 128}) QVERIFY(m_doc->setBatch(b, true));
        QCOMPARE(m_doc->undoStack()->count(), 1);
        QCOMPARE(spy.count(), 4);
        QCOMPARE(spy.at(3).at(0).value<ChangeEvent>().what, ui::Changes(Change::Batch));
        QCOMPARE(m_doc->breakdown().config.batch, std::uint64_t{128});
        QCOMPARE(m_doc->analysisCount(), analyses);
        QCOMPARE(m_doc->estimateCount(), estimates);
        checkFreshFigures(*m_doc);
        m_doc->undoStack()->undo();
        QCOMPARE(stateOf(*m_doc), a);
        QCOMPARE(m_doc->breakdown().config.batch, std::uint64_t{32});
        // A batch edit does not merge into an optimizer edit.
        core::TrainingConfig c = m_doc->config();
        c.optimizer = core::Optimizer::Sgd;
        m_doc->setConfig(c, true);
        m_doc->setBatch(7, true);
        QCOMPARE(m_doc->undoStack()->count(), 2);
        // A second drag is a second step.
        m_doc->setBatch(8, false);
        m_doc->setBatch(9, true);
        QCOMPARE(m_doc->undoStack()->count(), 3);
    }
    void batchIsClamped()
    {
        QVERIFY(m_doc->setBatch(1'000'000, false));
        QCOMPARE(m_doc->config().batch, core::TrainingConfig::kMaxBatch);
        QVERIFY(!m_doc->setBatch(core::TrainingConfig::kMaxBatch, false));
    }
    void vggAnalyses()
    {
        m_doc->reset(ui::defaultModel().graph, core::TrainingConfig{});
        QVERIFY2(m_doc->analysis().ok(), m_doc->analysis().errors.empty() ? "" : m_doc->analysis().errors[0].describe().c_str());
        QVERIFY(m_doc->analysis().paramsTotal > 138'000'000);
        QVERIFY(m_doc->analysis().paramsTotal < 139'000'000);
    }

private:
    std::unique_ptr<Document> m_doc;
};

QTEST_MAIN(TestDocument)
#include "tst_document.moc"
