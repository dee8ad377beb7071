// Size arithmetic at the largest inputs the readers and the UI allow: per-sample dimensions at
// the Input layer's cap (10^12, core/layers/Input.cpp; the analyser also caps a tensor at 2^40
// elements) and batch TrainingConfig::kMaxBatch. Either the bytes are exact (hand-derived below)
// or the estimate reports, by layer, that they exceed 2^64 — never a wrapped number.

#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/graph/GraphBuilder.h"
#include "core/memory/AffineBytes.h"
#include "core/report/SizeOverflowError.h"
#include "SmallNets.h"

#include <QtTest>

#include <string>

using namespace netsizer::core;

class TestSizeOverflow : public QObject {
    Q_OBJECT
private slots:
    void affineBytesSaturate();
    void largestShapesExact();
    void largestShapesOverflowNamesTheLayer();
    void fragmentationOfASaturatedTotal();
};

namespace {

constexpr std::int64_t kMaxDim = 1'000'000'000'000; // Input "shape" maximum (10^12 < 2^40)
constexpr Count kBatch = TrainingConfig::kMaxBatch;  // 65,536
// One fp32 tensor of kMaxDim elements per sample at kBatch: 4 × 10^12 × 65,536 bytes.
constexpr Count kTensor = 262'144'000'000'000'000;
static_assert(kTensor == 4ull * 1'000'000'000'000ull * 65'536ull);

// input [10^12] → PReLU (one weight: autograd records from here on) → `relus` ReLUs that are
// not in place (each keeps its output for backward).
Graph chain(int relus)
{
    GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", IntList{kMaxDim}}});
    x = b.add("PReLU", "prelu", {x});
    for (int i = 0; i < relus; ++i) x = b.add("ReLU", "relu" + std::to_string(i), {x}, {{"inplace", false}});
    return b.take();
}

TrainingConfig config() { return netsizer::testing::adamFp32(kBatch); }

} // namespace

void TestSizeOverflow::affineBytesSaturate()
{
    AffineBytes a{kSaturated - 1, 1};
    QCOMPARE(a.at(1), kSaturated); // (2^64 - 2) + 1: exactly the largest value, reported as too large
    QCOMPARE(a.at(2), kSaturated); // would wrap to 0
    a += AffineBytes{5, kSaturated};
    QCOMPARE(a.fixed, kSaturated);
    QCOMPARE(a.perSample, kSaturated);
    QVERIFY(a.saturated());
    QCOMPARE(saturatingMul(Count{1} << 32, Count{1} << 32), kSaturated);
    QCOMPARE(saturatingMulAdd(Count{1} << 40, Count{4}, Count{7}), (Count{1} << 42) + 7);
}

void TestSizeOverflow::largestShapesExact()
{
    const Graph g = chain(8);
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    const MemoryBreakdown b = estimate(a, config(), 0); // no context reserve: only tensors
    QVERIFY(!b.overflow());
    QVERIFY(!sizeOverflowError(b, g));
    // Input: the batch itself, one tensor.
    QCOMPARE(b.bytes(Component::Input), kTensor);
    // Activations kept for backward: the 8 ReLU outputs (PReLU's input is the model input).
    QCOMPARE(b.bytes(Component::Activations), 8 * kTensor);
    // The peak is at the loss: weight 4 B + Adam state 12 B (exp_avg, exp_avg_sq, step) + input
    // + the 8 kept outputs + the last output being written + the logits' gradient.
    QCOMPARE(b.peakBytes(), 11 * kTensor + 16);
    QCOMPARE(b.peakBytes(), Count{2'883'584'000'000'000'016});
    QCOMPARE(b.peak().phase, StepPhase::Loss);
}

void TestSizeOverflow::largestShapesOverflowNamesTheLayer()
{
    // Forward of relu k holds the input, k + 1 kept outputs and the one being written:
    // (k + 3) × kTensor + 16. 70 × kTensor = 18,350,080,000,000,000,000 < 2^64 - 16, and
    // 71 × kTensor > 2^64: the first to overflow is relu68.
    static_assert(70 * kTensor + 16 < kSaturated);
    static_assert(kSaturated / kTensor == 70);
    const Graph g = chain(100);
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    const MemoryBreakdown b = estimate(a, config(), 0);
    const auto where = b.overflow();
    QVERIFY(where);
    QVERIFY(where->layer);
    QCOMPARE(QString::fromStdString(g.find(*where->layer)->name), QStringLiteral("relu68"));
    QCOMPARE(QString::fromStdString(where->what), QStringLiteral("forward"));
    const auto error = sizeOverflowError(b, g);
    QVERIFY(error);
    QCOMPARE(QString::fromStdString(error->code), QStringLiteral("overflow"));
    QCOMPARE(QString::fromStdString(error->path), QStringLiteral("relu68"));
    QVERIFY2(error->message.find("layer 'relu68'") != std::string::npos, error->message.c_str());
    QVERIFY2(error->message.find("exceeds 2^64 bytes") != std::string::npos, error->message.c_str());
    QVERIFY2(error->message.find("65,536") != std::string::npos, error->message.c_str());
    // Saturated, not wrapped: the peak reads as the largest value, never as a small number.
    QCOMPARE(b.peakBytes(), kSaturated);
    QCOMPARE(b.peakComposition().bytes, kSaturated);
    // At batch 1 the same network fits in 64 bits: 103 × 4 × 10^12 + 16 at the loss.
    QVERIFY(!b.overflowAt(1));
    QCOMPARE(b.peakAt(1), 103 * Count{4'000'000'000'000} + 16);
}

void TestSizeOverflow::fragmentationOfASaturatedTotal()
{
    // A fraction of a total already at 2^64 - 1: converting the product back from double would
    // be undefined behaviour; it saturates instead (UBSan in the sanitizer tree checks this).
    const Graph g = chain(100);
    TrainingConfig c = config();
    c.overheads.fragmentationFraction = 1.0;
    const MemoryBreakdown b = estimate(analyze(g), c, 0);
    QVERIFY(b.overflow());
    QCOMPARE(b.peakHighAt(kBatch), kSaturated);
}

QTEST_APPLESS_MAIN(TestSizeOverflow)
#include "tst_size_overflow.moc"
