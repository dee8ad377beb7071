// Hugging Face config.json import (core/io/hf) and the built-in presets (resources/presets):
// each preset's parameter count equals the published one (and the config arithmetic in the
// comment), layer names are Hugging Face's module names, the sequence length is a setting with a
// stated default, and bad configurations are refused naming the JSON pointer.
#include "core/analysis/Analysis.h"
#include "core/analysis/LayerFreezing.h"
#include "core/estimate/Estimator.h"
#include "core/io/ModelReader.h"
#include "core/io/hf/HfConfigImport.h"
#include "core/io/hf/HfPresets.h"
#include "core/layers/LayerKind.h"

#include <QtTest>

#include <algorithm>
#include <chrono>

using namespace netsizer::core;

class TestHfImport : public QObject {
    Q_OBJECT
private slots:
    void presetParameterCounts_data();
    void presetParameterCounts();
    void qwen2HasQkvBiasesAndTiedEmbeddings();
    void layerNamesAreHuggingFaces();
    void sequenceLengthDefaultAndOption();
    void activationsScaleWithTheSequence();
    void seventyBillionAnalysesQuickly();
    void recognisedByContent();
    void badConfig_data();
    void badConfig();
};

namespace {
Analysis analyzed(const ModelFile& m)
{
    Analysis a = analyze(m.graph);
    if (!a.ok()) QTest::qFail(a.errors[0].describe().c_str(), __FILE__, __LINE__);
    return a;
}

ModelFile preset(const char* name, std::optional<std::int64_t> seq = std::nullopt)
{
    HfImportOptions o;
    o.sequenceLength = seq;
    auto m = readHfPreset(name, o);
    if (!m) {
        QTest::qFail(m.error().describe().c_str(), __FILE__, __LINE__);
        return {};
    }
    return std::move(m).value();
}

bool hasLayer(const Graph& g, const std::string& name) { return g.findByName(name) != nullptr; }
} // namespace

void TestHfImport::presetParameterCounts_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<qulonglong>("published");
    // Published counts (Hugging Face model.num_parameters(); GPT-2's with lm_head tied to wte).
    // Config arithmetic, GPT-2: V·E + P·E + L·(12E² + 13E) + 2E with V 50,257, P 1,024;
    // small E 768, L 12: 38,597,376 + 786,432 + 85,054,464 + 1,536.
    QTest::newRow("gpt2") << "gpt2" << qulonglong{124439808};
    QTest::newRow("gpt2-medium") << "gpt2-medium" << qulonglong{354823168};
    QTest::newRow("gpt2-large") << "gpt2-large" << qulonglong{774030080};
    QTest::newRow("gpt2-xl") << "gpt2-xl" << qulonglong{1557611200};
    // LLaMA: 2·V·E (embed, lm_head) + L·(2E² + 2E·kv·d + 3E·I + 2E) + E.
    // 7B: 2·32,000·4,096 + 32·(33,554,432 + 33,554,432 + 135,266,304 + 8,192) + 4,096.
    QTest::newRow("llama-2-7b") << "llama-2-7b" << qulonglong{6738415616};
    QTest::newRow("llama-2-13b") << "llama-2-13b" << qulonglong{13015864320};
    // 70B (GQA, 8 key/value heads): 2·32,000·8,192 + 80·(134,217,728 + 16,777,216 + 704,643,072 + 16,384) + 8,192.
    QTest::newRow("llama-2-70b") << "llama-2-70b" << qulonglong{68976648192};
    // Llama 3, V 128,256: 8B 2·128,256·4,096 + 32·(33,554,432 + 8,388,608 + 176,160,768 + 8,192) + 4,096.
    QTest::newRow("llama-3-8b") << "llama-3-8b" << qulonglong{8030261248};
    QTest::newRow("llama-3-70b") << "llama-3-70b" << qulonglong{70553706496};
    // Mistral 7B: 2·32,000·4,096 + 32·(33,554,432 + 8,388,608 + 176,160,768 + 8,192) + 4,096.
    QTest::newRow("mistral-7b") << "mistral-7b" << qulonglong{7241732096};
}

void TestHfImport::presetParameterCounts()
{
    QFETCH(QString, name);
    QFETCH(qulonglong, published);
    const ModelFile m = preset(name.toUtf8().constData());
    if (QTest::currentTestFailed()) return;
    const Analysis a = analyzed(m);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(qulonglong{a.paramsTotal}, published);
    QCOMPARE(qulonglong{a.paramsTrainable}, published);
    QVERIFY(findHfPreset(name.toUpper().toStdString()) == findHfPreset(name.toStdString())); // names ignore case
}

// Qwen2-0.5B's published configuration (Qwen/Qwen2-0.5B config.json): q/k/v projections with
// biases, o_proj without, tied embeddings. 494,032,768 parameters: 151,936·896 +
// 24·(896·896 + 896 + 2·(896·128 + 128) + 896·896 + 3·896·4,864 + 2·896) + 896.
void TestHfImport::qwen2HasQkvBiasesAndTiedEmbeddings()
{
    const char* text = R"({"architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "hidden_act": "silu",
        "hidden_size": 896, "intermediate_size": 4864, "max_position_embeddings": 131072, "num_attention_heads": 14,
        "num_hidden_layers": 24, "num_key_value_heads": 2, "rms_norm_eps": 1e-06, "rope_theta": 1000000.0,
        "tie_word_embeddings": true, "vocab_size": 151936})";
    auto m = readHuggingFaceConfig(text, "config.json");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Analysis a = analyzed(*m);
    QCOMPARE(a.paramsTotal, Count{494032768});
    QCOMPARE(m->graph.findByName("lm_head")->kind->id, std::string("TiedDense"));
}

void TestHfImport::layerNamesAreHuggingFaces()
{
    ModelFile m = preset("llama-2-7b");
    if (QTest::currentTestFailed()) return;
    for (const char* n : {"model.embed_tokens", "model.layers.0.input_layernorm", "model.layers.0.self_attn.q_proj",
                          "model.layers.0.self_attn.k_proj", "model.layers.0.self_attn.v_proj", "model.layers.0.self_attn.o_proj",
                          "model.layers.31.post_attention_layernorm", "model.layers.31.mlp.gate_proj", "model.layers.31.mlp.up_proj",
                          "model.layers.31.mlp.down_proj", "model.norm", "lm_head"})
        QVERIFY2(hasLayer(m.graph, n), n);
    // --train-only q_proj,v_proj: 32 × 2 × 4,096² trainable.
    trainOnlyMatching(m.graph, {"q_proj", "v_proj"});
    QCOMPARE(analyzed(m).paramsTrainable, Count{32} * 2 * 4096 * 4096);
    ModelFile g = preset("gpt2");
    for (const char* n : {"transformer.wte", "transformer.wpe", "transformer.h.0.ln_1", "transformer.h.0.attn.c_attn",
                          "transformer.h.11.mlp.c_fc", "transformer.h.11.mlp.c_proj", "transformer.ln_f", "lm_head"})
        QVERIFY2(hasLayer(g.graph, n), n);
}

void TestHfImport::sequenceLengthDefaultAndOption()
{
    const ModelFile byDefault = preset("llama-2-7b");
    if (QTest::currentTestFailed()) return;
    const Layer* input = byDefault.graph.findByName("input_ids");
    QVERIFY(input);
    QCOMPARE(std::get<IntList>(input->attrs[0]), IntList{2048});
    QVERIFY(std::any_of(byDefault.notes.begin(), byDefault.notes.end(),
                        [](const std::string& n) { return n.find("sequence length 2048 tokens per sample: the import's default") == 0; }));
    // GPT-2's maximum is n_positions = 1,024.
    QCOMPARE(std::get<IntList>(preset("gpt2").graph.findByName("input_ids")->attrs[0]), IntList{1024});
    QCOMPARE(std::get<IntList>(preset("llama-2-7b", 4096).graph.findByName("input_ids")->attrs[0]), IntList{4096});
    HfImportOptions tooLong;
    tooLong.sequenceLength = 4097;
    auto refused = readHfPreset("llama-2-7b", tooLong);
    QVERIFY(!refused.ok());
    QCOMPARE(QString::fromStdString(refused.error().path), QString("--seq-len"));
    QVERIFY(refused.error().message.find("4096") != std::string::npos);
}

// Hand-derived from the kinds' rules, LLaMA-2-7B, eager attention, fp32, per sample: every
// tensor the decoder keeps grows linearly with S except each attention's float32 softmax result,
// 32 heads × S × S × 4 B. So A(2S) − 2·A(S) is the scores term alone: 32 layers × 32 heads ×
// ((2S)² − 2·S²) × 4 B.
void TestHfImport::activationsScaleWithTheSequence()
{
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    const Count a512 = estimate(analyzed(preset("llama-2-7b", 512)), cfg, 0)[Component::Activations].perSample;
    const Count a1024 = estimate(analyzed(preset("llama-2-7b", 1024)), cfg, 0)[Component::Activations].perSample;
    QCOMPARE(a1024 - 2 * a512, Count{32} * 32 * (4 * 512 * 512 - 2 * 512 * 512) * 4);
}

// The analysis of a 70B decoder is O(layers), never O(parameters): 1,300 layers analyse in well
// under a second even on a loaded machine (the figure is printed; the bound is generous).
void TestHfImport::seventyBillionAnalysesQuickly()
{
    const ModelFile m = preset("llama-2-70b");
    const auto t0 = std::chrono::steady_clock::now();
    const Analysis a = analyzed(m);
    const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    qInfo("llama-2-70b: %zu layers analysed in %.1f ms", m.graph.layers().size(), ms);
    QCOMPARE(a.paramsTotal, Count{68976648192});
    QVERIFY2(ms < 2000, "analysing LLaMA-2-70B took more than 2 s");
}

void TestHfImport::recognisedByContent()
{
    const QString path = QDir::temp().filePath("netsizer_hf_config.json");
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(findHfPreset("mistral-7b")->json);
    }
    auto m = readModelFile(path.toStdString());
    QFile::remove(path);
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    QCOMPARE(analyzed(*m).paramsTotal, Count{7241732096});
    QCOMPARE(m->graph.name, std::string("mistralai/Mistral-7B-v0.1"));
    QVERIFY(!isHuggingFaceConfig(R"({"format": "netsizer-model", "version": 1, "layers": []})"));
    QVERIFY(!isHuggingFaceConfig(R"({"class_name": "Sequential", "config": {}})"));
    QVERIFY(isHuggingFaceConfig(R"({"model_type": "llama"})"));
}

void TestHfImport::badConfig_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const QString llama = R"({"architectures": ["LlamaForCausalLM"], "vocab_size": 100, "hidden_size": 64,
        "intermediate_size": 128, "num_hidden_layers": 2, "num_attention_heads": 4 %1})";
    QTest::newRow("unsupported architecture") << R"({"architectures": ["BertForMaskedLM"], "model_type": "bert"})"
                                              << "config.json: /architectures/0" << "BertForMaskedLM";
    QTest::newRow("unknown model_type") << R"({"model_type": "t5"})" << "config.json: /model_type" << "t5";
    QTest::newRow("architectures not an array") << R"({"architectures": "LlamaForCausalLM", "model_type": "llama"})"
                                                << "config.json: /architectures" << "non-empty array";
    QTest::newRow("missing hidden_size")
        << R"({"architectures": ["LlamaForCausalLM"], "vocab_size": 100, "intermediate_size": 128, "num_hidden_layers": 2, "num_attention_heads": 4})"
        << "config.json: /hidden_size" << "missing";
    QTest::newRow("kv heads do not divide") << llama.arg(R"(, "num_key_value_heads": 3)") << "config.json: /num_key_value_heads"
                                            << "must divide";
    QTest::newRow("negative layers") << llama.arg(R"(, "num_hidden_layers": -2)").replace(R"("num_hidden_layers": 2,)", "")
                                     << "config.json: /num_hidden_layers" << "positive integer";
    QTest::newRow("string heads") << llama.arg("").replace(R"("num_attention_heads": 4)", R"("num_attention_heads": "4")")
                                  << "config.json: /num_attention_heads" << "positive integer";
    QTest::newRow("heads do not divide hidden") << llama.arg("").replace(R"("num_attention_heads": 4)", R"("num_attention_heads": 5)")
                                                << "config.json: /hidden_size" << "multiple of num_attention_heads";
    QTest::newRow("unknown activation") << llama.arg(R"(, "hidden_act": "relu2")") << "config.json: /hidden_act" << "relu2";
    QTest::newRow("eps not a number") << llama.arg(R"(, "rms_norm_eps": "small")") << "config.json: /rms_norm_eps" << "number";
    QTest::newRow("attention implementation") << llama.arg(R"(, "_attn_implementation": "paged")")
                                              << "config.json: /_attn_implementation" << "paged";
    QTest::newRow("gpt2 width") << R"({"architectures": ["GPT2LMHeadModel"], "n_embd": 100, "n_head": 12})"
                                << "config.json: /n_embd" << "multiple of n_head";
    QTest::newRow("gpt2 untied") << R"({"model_type": "gpt2", "tie_word_embeddings": false})" << "config.json: /tie_word_embeddings"
                                 << "tied";
    QTest::newRow("huge layer count") << llama.arg("").replace(R"("num_hidden_layers": 2)", R"("num_hidden_layers": 1e30)")
                                      << "config.json: /num_hidden_layers" << "positive integer";
    QTest::newRow("not json") << "{\"model_type\": " << "config.json" << "not valid JSON";
}

void TestHfImport::badConfig()
{
    QFETCH(QString, json);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const auto m = readHuggingFaceConfig(json.toStdString(), "config.json");
    QVERIFY(!m.ok());
    QCOMPARE(QString::fromStdString(m.error().path), path);
    QVERIFY2(m.error().message.find(message.toStdString()) != std::string::npos, m.error().message.c_str());
}

QTEST_APPLESS_MAIN(TestHfImport)
#include "tst_hf_import.moc"
