// core/lessons: lesson files read or refused with a located error (file + JSON pointer, or
// file:line:column for a syntax error) row by row; the figures a lesson states are the engine's
// own (checked against core::estimate at the designer's and at another configuration);
// placeholders, conditions to advance, languages and guesses.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/NativeFormat.h"
#include "core/lessons/LessonFigures.h"
#include "core/lessons/LessonProgress.h"
#include "core/lessons/LessonReader.h"

#include <QtTest>

#include <cmath>

using namespace netsizer::core;

namespace {

// A valid one-step lesson with `step` as its step.
std::string lessonWith(const std::string& step)
{
    return R"({"format": "netsizer-lesson", "version": 1, "title": "T", "steps": [)" + step + "]}";
}

ModelFile cnn()
{
    auto m = readNativeModelFile(NETSIZER_ROOT "/resources/examples/cnn_180x50.json");
    if (!m.ok()) qFatal("cannot read cnn_180x50.json");
    return *m;
}

} // namespace

class TestLessonReader : public QObject {
    Q_OBJECT
private slots:
    void badFilesAreLocated_data();
    void badFilesAreLocated();
    void readsEveryPart();
    void figuresAreTheEngines();
    void placeholders();
    void conditions_data();
    void conditions();
    void languagesFallBackToEnglish();
    void guessDistance();
};

void TestLessonReader::badFilesAreLocated_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("code");
    const auto row = [](const char* name, const std::string& text, const char* path, const char* code) {
        QTest::newRow(name) << QString::fromStdString(text) << QString::fromLatin1(path) << QString::fromLatin1(code);
    };
    row("syntax", "{\n  \"format\": \"netsizer-lesson\",\n  \"version\": 1,,\n}", "bad.json:3:16", "syntax");
    row("not an object", "[1, 2]", "bad.json:/", "type");
    row("format", R"({"format": "netsizer-model", "version": 1})", "bad.json:/format", "format");
    row("version", R"({"format": "netsizer-lesson", "version": 2})", "bad.json:/version", "version");
    row("no title", R"({"format": "netsizer-lesson", "version": 1, "steps": [{"text": "x"}]})", "bad.json:/title", "missing");
    row("no steps", R"({"format": "netsizer-lesson", "version": 1, "title": "T", "steps": []})", "bad.json:/steps", "type");
    row("unknown step key", lessonWith(R"({"text": "x", "colour": "red"})"), "bad.json:/steps/0/colour", "unknown_key");
    row("no text", lessonWith(R"({"target": "BatchControl"})"), "bad.json:/steps/0/text", "missing");
    row("no English", lessonWith(R"({"text": {"it": "ciao"}})"), "bad.json:/steps/0/text/en", "missing");
    row("translation not a string", lessonWith(R"({"text": {"en": "x", "ko": 3}})"), "bad.json:/steps/0/text/ko", "type");
    row("unknown placeholder", lessonWith(R"({"text": "needs {peek}"})"), "bad.json:/steps/0/text", "placeholder");
    row("placeholder in Italian", lessonWith(R"({"text": {"en": "{peak}", "it": "{picco}"}})"), "bad.json:/steps/0/text/it",
        "placeholder");
    row("unclosed placeholder", lessonWith(R"({"text": "needs {peak"})"), "bad.json:/steps/0/text", "placeholder");
    row("placeholder setting", lessonWith(R"({"text": "{peak|batch=0}"})"), "bad.json:/steps/0/text", "placeholder");
    row("unknown setting", lessonWith(R"({"text": "x", "settings": {"batchsize": 4}})"), "bad.json:/steps/0/settings/batchsize",
        "bad_setting");
    row("bad batch", lessonWith(R"({"text": "x", "settings": {"batch": 0}})"), "bad.json:/steps/0/settings/batch", "bad_setting");
    row("unknown GPU", lessonWith(R"({"text": "x", "settings": {"gpu": "GRID K9000"}})"), "bad.json:/steps/0/settings/gpu",
        "bad_setting");
    row("unknown framework", lessonWith(R"({"text": "x", "settings": {"framework": "theano"}})"),
        "bad.json:/steps/0/settings/framework", "bad_setting");
    row("hide not names", lessonWith(R"({"text": "x", "hide": [""]})"), "bad.json:/steps/0/hide/0", "type");
    row("unknown figure", lessonWith(R"({"text": "x", "question": {"prompt": "?", "kind": "number", "figure": "peek"}})"),
        "bad.json:/steps/0/question/figure", "unknown_figure");
    row("number on a text", lessonWith(R"({"text": "x", "question": {"prompt": "?", "kind": "number", "figure": "peak_phase"}})"),
        "bad.json:/steps/0/question/figure", "bad_attribute");
    row("bad unit", lessonWith(R"({"text": "x", "question": {"prompt": "?", "kind": "number", "figure": "peak", "unit": "mb"}})"),
        "bad.json:/steps/0/question/unit", "bad_attribute");
    row("unit on a count",
        lessonWith(R"({"text": "x", "question": {"prompt": "?", "kind": "number", "figure": "max_batch", "unit": "MiB"}})"),
        "bad.json:/steps/0/question/unit", "bad_attribute");
    row("no prompt", lessonWith(R"({"text": "x", "question": {"kind": "number", "figure": "peak"}})"),
        "bad.json:/steps/0/question/prompt", "missing");
    row("bad kind", lessonWith(R"({"text": "x", "question": {"prompt": "?", "kind": "essay", "figure": "peak"}})"),
        "bad.json:/steps/0/question/kind", "bad_attribute");
    row("one choice",
        lessonWith(R"({"text": "x", "question": {"prompt": "?", "kind": "choice", "figure": "verdict", "choices": [{"value": "fits", "text": "Fits"}]}})"),
        "bad.json:/steps/0/question/choices", "type");
    row("duplicate choice",
        lessonWith(R"({"text": "x", "question": {"prompt": "?", "kind": "choice", "figure": "verdict", "choices": [{"value": "fits", "text": "A"}, {"value": "fits", "text": "B"}]}})"),
        "bad.json:/steps/0/question/choices/1/value", "duplicate");
    row("choice without text",
        lessonWith(R"({"text": "x", "question": {"prompt": "?", "kind": "choice", "figure": "verdict", "choices": [{"value": "fits", "text": "A"}, {"value": "no_gpu"}]}})"),
        "bad.json:/steps/0/question/choices/1/text", "missing");
    row("at changes the model",
        lessonWith(R"({"text": "x", "question": {"prompt": "?", "kind": "number", "figure": "peak", "at": {"model": "examples/vgg16.json"}}})"),
        "bad.json:/steps/0/question/at", "bad_setting");
    row("bad condition", R"({"format": "netsizer-lesson", "version": 1, "title": "T", "steps": [{"text": "a"}, {"text": "b", "advance": {"batch_at_least": -3}}]})",
        "bad.json:/steps/1/advance/batch_at_least", "bad_attribute");
    row("unknown condition", lessonWith(R"({"text": "x", "advance": {"weather": "sunny"}})"), "bad.json:/steps/0/advance/weather",
        "bad_attribute");
    row("bad verdict", lessonWith(R"({"text": "x", "advance": {"verdict": "maybe"}})"), "bad.json:/steps/0/advance/verdict",
        "bad_attribute");
    row("answered without question", lessonWith(R"({"text": "x", "advance": "answered"})"), "bad.json:/steps/0/advance",
        "bad_attribute");
}

void TestLessonReader::badFilesAreLocated()
{
    QFETCH(QString, text);
    QFETCH(QString, path);
    QFETCH(QString, code);
    const auto lesson = readLesson(text.toStdString(), "bad.json");
    QVERIFY(!lesson.ok());
    QCOMPARE(QString::fromStdString(lesson.error().path), path);
    QCOMPARE(QString::fromStdString(lesson.error().code), code);
    QVERIFY(!lesson.error().message.empty());
}

void TestLessonReader::readsEveryPart()
{
    const auto lesson = readLesson(R"({
      "format": "netsizer-lesson", "version": 1,
      "title": {"en": "Title", "it": "Titolo"}, "summary": "S",
      "steps": [
        {"target": "BatchControl", "text": "Batch {batch}",
         "settings": {"model": "examples/cnn_180x50.json", "batch": 128, "optimizer": "sgd", "precision": "fp32",
                      "framework": "caffe", "gpu": "GRID K520", "select": "conv1", "chart": "step", "mode": "train",
                      "accumulation_steps": 2},
         "hide": ["SummaryPanel"],
         "question": {"prompt": "How much?", "kind": "number", "figure": "peak", "unit": "GiB", "tolerance": 0.2},
         "advance": {"batch_at_least": 64}},
        {"target": "layer:conv1", "text": "b",
         "question": {"prompt": "When?", "kind": "choice", "figure": "peak_phase",
                      "choices": [{"value": "forward", "text": "F"}, {"value": "backward", "text": {"en": "B", "it": "Indietro"}}]},
         "advance": "answered"},
        {"text": "c", "settings": {"gpu": null}, "advance": {"layer_selected": "conv2"}}
      ]})",
                                   "ok.json");
    QVERIFY2(lesson.ok(), lesson.ok() ? "" : lesson.error().describe().c_str());
    QCOMPARE(lesson->title.in("it"), std::string("Titolo"));
    QCOMPARE(lesson->steps.size(), std::size_t{3});
    const LessonStep& s = lesson->steps[0];
    QCOMPARE(s.target, std::string("BatchControl"));
    QCOMPARE(*s.settings.model, std::string("examples/cnn_180x50.json"));
    QCOMPARE(*s.settings.batch, std::uint64_t{128});
    QCOMPARE(*s.settings.accumulationSteps, std::uint32_t{2});
    QVERIFY(*s.settings.optimizer == Optimizer::Sgd);
    QVERIFY(*s.settings.framework == Framework::Caffe);
    QCOMPARE(*s.settings.select, std::string("conv1"));
    QCOMPARE(*s.settings.chart, std::string("step"));
    QCOMPARE(s.hide, std::vector<std::string>{"SummaryPanel"});
    QVERIFY(s.question->kind == LessonQuestion::Kind::Number);
    QCOMPARE(s.question->unit, std::string("GiB"));
    QCOMPARE(s.question->tolerance, 0.2);
    QVERIFY(s.advance.kind == AdvanceCondition::Kind::BatchAtLeast);
    QCOMPARE(s.advance.number, std::uint64_t{64});
    QVERIFY(lesson->steps[1].question->kind == LessonQuestion::Kind::Choice);
    QCOMPARE(lesson->steps[1].question->choices[1].text.in("it"), std::string("Indietro"));
    QVERIFY(lesson->steps[1].advance.kind == AdvanceCondition::Kind::Answered);
    QVERIFY(lesson->steps[2].settings.gpu && lesson->steps[2].settings.gpu->empty());
    QVERIFY(lesson->steps[2].advance.kind == AdvanceCondition::Kind::LayerSelected);

    TrainingConfig c;
    c.gpu = GpuCatalog::builtin().find("A100 80GB");
    s.settings.applyTo(c, GpuCatalog::builtin());
    QCOMPARE(c.batch, std::uint64_t{128});
    QCOMPARE(c.gpu->name, std::string("GRID K520"));
    lesson->steps[2].settings.applyTo(c, GpuCatalog::builtin());
    QVERIFY(!c.gpu);
}

void TestLessonReader::figuresAreTheEngines()
{
    const ModelFile m = cnn();
    const Analysis a = analyze(m.graph);
    TrainingConfig c = *m.training;
    c.gpu = GpuCatalog::builtin().find("GRID K520");
    const std::uint64_t context = GpuCatalog::builtin().defaultContextBytes();
    const MemoryBreakdown b = estimate(a, c, context);
    const LessonEngine engine{m.graph, a, b, GpuCatalog::builtin()};
    const auto figure = [&](const char* name) { return evaluateFigure({name, {}}, engine); };

    QCOMPARE(figure("peak").number, b.peakBytes());
    QVERIFY(figure("peak").number > 0);
    QCOMPARE(figure("max_batch").number, *b.maxBatch());
    QCOMPARE(figure("activations").number, b.bytes(Component::Activations));
    QCOMPARE(figure("at_peak.optimizer_state").number, b.peakComposition()[Component::OptimizerState]);
    QCOMPARE(figure("component_sum").number, b.componentMaximaSumAt(128));
    QCOMPARE(figure("params").number, a.paramsTotal);
    QCOMPARE(figure("gpu_memory").number, c.gpu->memoryBytes);
    QCOMPARE(figure("peak_phase").text, std::string(stepPhaseName(b.peak().phase)));
    QCOMPARE(figure("peak_layer").text, m.graph.find(*b.peak().layer)->name);
    QCOMPARE(figure("verdict").text, std::string(fitVerdictName(fitVerdict(b.peakComposition(), c))));
    // The hand estimate: every layer's output at fp32 × 128, less than the peak.
    QVERIFY(figure("forward_outputs").number > 0);
    QVERIFY(figure("forward_outputs").number < b.peakBytes());

    // At another configuration: re-estimated from the same analysis.
    FigureRef caffe{"peak", {}};
    caffe.at.framework = Framework::Caffe;
    caffe.at.batch = 10;
    TrainingConfig cc = c;
    cc.framework = Framework::Caffe;
    cc.batch = 10;
    QCOMPARE(evaluateFigure(caffe, engine).number, estimate(a, cc, context).peakBytes());

    // No GPU: no max batch.
    TrainingConfig none = c;
    none.gpu.reset();
    const MemoryBreakdown nb = estimate(a, none, context);
    const LessonEngine noGpu{m.graph, a, nb, GpuCatalog::builtin()};
    QVERIFY(!evaluateFigure({"max_batch", {}}, noGpu).present);
    QCOMPARE(evaluateFigure({"verdict", {}}, noGpu).text, std::string("no_gpu"));
}

void TestLessonReader::placeholders()
{
    const auto pieces = splitPlaceholders("{{literal}} is {peak|framework=caffe|batch=10}, {max_batch}.", GpuCatalog::builtin());
    QVERIFY(pieces.ok());
    QCOMPARE(pieces->size(), std::size_t{5});
    QCOMPARE((*pieces)[0].literal, std::string("{literal} is "));
    QCOMPARE((*pieces)[1].figure->name, std::string("peak"));
    QVERIFY(*(*pieces)[1].figure->at.framework == Framework::Caffe);
    QCOMPARE(*(*pieces)[1].figure->at.batch, std::uint64_t{10});
    QCOMPARE((*pieces)[3].figure->name, std::string("max_batch"));
    QCOMPARE((*pieces)[4].literal, std::string("."));
    QVERIFY(!splitPlaceholders("{peak|select=conv1}", GpuCatalog::builtin()).ok());
    QVERIFY(!splitPlaceholders("a } b", GpuCatalog::builtin()).ok());
    QVERIFY(!splitPlaceholders("{peak|batch}", GpuCatalog::builtin()).ok());
}

void TestLessonReader::conditions_data()
{
    QTest::addColumn<QString>("advance");
    QTest::addColumn<bool>("met");
    // State: batch 32, Adam, PyTorch, training, conv1 selected, does not fit, not answered.
    QTest::newRow("next") << "\"next\"" << true;
    QTest::newRow("batch ≥ 32") << R"({"batch_at_least": 32})" << true;
    QTest::newRow("batch ≥ 33") << R"({"batch_at_least": 33})" << false;
    QTest::newRow("batch ≤ 10") << R"({"batch_at_most": 10})" << false;
    QTest::newRow("conv1 selected") << R"({"layer_selected": "conv1"})" << true;
    QTest::newRow("conv2 selected") << R"({"layer_selected": "conv2"})" << false;
    QTest::newRow("fits") << R"({"verdict": "fits"})" << false;
    QTest::newRow("does not fit") << R"({"verdict": "does_not_fit"})" << true;
    QTest::newRow("adam") << R"({"optimizer": "adam"})" << true;
    QTest::newRow("sgd") << R"({"optimizer": "sgd"})" << false;
    QTest::newRow("caffe") << R"({"framework": "caffe"})" << false;
    QTest::newRow("inference") << R"({"mode": "inference"})" << false;
}

void TestLessonReader::conditions()
{
    QFETCH(QString, advance);
    QFETCH(bool, met);
    const auto lesson = readLesson(lessonWith(R"({"text": "x", "advance": )" + advance.toStdString() + "}"), "c.json");
    QVERIFY2(lesson.ok(), lesson.ok() ? "" : lesson.error().describe().c_str());
    LessonProgressState state;
    state.config.batch = 32;
    state.selectedLayer = "conv1";
    state.verdict = FitVerdict::DoesNotFit;
    QCOMPARE(conditionMet(lesson->steps[0].advance, state), met);
}

void TestLessonReader::languagesFallBackToEnglish()
{
    LessonText t;
    t.byLanguage = {{"en", "Hello"}, {"it", "Ciao"}, {"ko", "안녕하세요"}};
    QCOMPARE(t.in("it_IT"), std::string("Ciao"));
    QCOMPARE(t.in("ko"), std::string("안녕하세요"));
    QCOMPARE(t.in("de_DE"), std::string("Hello"));
}

void TestLessonReader::guessDistance()
{
    QCOMPARE(relativeError(224.0, 448.0), -0.5);
    QCOMPARE(relativeError(0.0, 0.0), 0.0);
    QVERIFY(std::isinf(relativeError(1.0, 0.0)));
    QCOMPARE(*unitFactor("MiB"), 1048576.0);
    QCOMPARE(*unitFactor("GB"), 1e9);
    QVERIFY(!unitFactor("mb"));
}

QTEST_APPLESS_MAIN(TestLessonReader)
#include "tst_lesson_reader.moc"
