#pragma once
// What the netsizer-cli tests share: a temporary directory to run the built CLI in (file names
// in its errors are then the names the tests gave), a hand-computed tiny model with its
// figures, the example and ../shared paths, and the core's own breakdown to compare with.

#include "core/estimate/MemoryBreakdown.h"
#include "core/estimate/TrainingConfig.h"
#include "core/io/ModelReader.h"

#include <QJsonObject>
#include <QStringList>
#include <QTemporaryDir>

class CliHarness {
public:
    struct Run {
        int code = -1;
        QByteArray out, err;
    };
    // Runs netsizer-cli with `args` in the temporary directory; code -1 when it did not finish.
    Run cli(const QStringList& args) const;
    // Writes `json` under `fileName` in the temporary directory; returns the name, or empty.
    QString writeModel(const QString& fileName, const QByteArray& json) const;
    QString writeMeasurement(const QString& fileName, const QJsonObject& measurement) const;
    // `args` + --format json, parsed; empty (with a warning) when the CLI failed.
    QJsonObject estimateJson(const QStringList& args) const;

protected:
    QTemporaryDir m_dir;
    QString m_tiny; // tiny.json in m_dir, written by each test's initTestCase
};

// Input[3,32,32] -> Conv2D(16, k3, p1) -> ReLU(inplace) -> Flatten -> Dense(10).
// params: conv 16·3·3·3 + 16 = 448; fc 10·16,384 + 10 = 163,850; total 164,298.
inline const QByteArray kTinyLayers = R"("layers": [
  {"name": "input", "type": "Input", "attrs": {"shape": [3, 32, 32]}},
  {"name": "conv", "type": "Conv2D", "inputs": ["input"], "attrs": {"filters": 16, "kernel_size": 3, "padding": 1}},
  {"name": "relu", "type": "ReLU", "inputs": ["conv"], "attrs": {"inplace": true}},
  {"name": "flatten", "type": "Flatten", "inputs": ["relu"]},
  {"name": "fc", "type": "Dense", "inputs": ["flatten"], "attrs": {"units": 10}}
])";

inline QByteArray model(const QByteArray& layers, const QByteArray& training = {})
{
    QByteArray doc = "{\"format\": \"netsizer-model\", \"version\": 1, \"name\": \"tiny\",\n" + layers;
    if (!training.isEmpty()) doc += ",\n\"training\": " + training;
    return doc + "}\n";
}

// Hand-derived figures of the tiny model (fp32, adam, train):
inline constexpr qint64 kParams = 164298;
inline constexpr qint64 kWeights = kParams * 4;                 // 657,192
inline constexpr qint64 kOptimizerState = 2 * kWeights + 4 * 4; // exp_avg, exp_avg_sq + 4 float32 step tensors
// Kept for backward: the conv output (16·32·32 floats): ReLU in place saves its result in the
// conv's storage, Flatten is a view of it, fc saves that same storage; the input is excluded.
inline constexpr qint64 kActivationsPerSample = 16 * 32 * 32 * 4; // 65,536
inline constexpr qint64 kInputPerSample = 3 * 32 * 32 * 4;        // 12,288
// Transient peak: at ReLU (and Flatten) the output gradient plus the input gradient,
// 2 × 16,384 floats.
inline constexpr qint64 kActGradPerSample = 2 * 16384 * 4; // 131,072
inline constexpr qint64 kFixed = 2 * kWeights + kOptimizerState;                                 // 2,628,784
inline constexpr qint64 kPerSample = kActivationsPerSample + kInputPerSample + kActGradPerSample; // 208,896
inline constexpr qint64 kDefaultContext = 400ll * 1024 * 1024; // resources/gpus.json default_context_mib

inline qint64 num(const QJsonObject& o, const QString& key)
{
    return o.value(key).toInteger(-1);
}

inline const QString kVgg16 = QStringLiteral(NETSIZER_ROOT "/resources/examples/vgg16.json");
inline const QString kLenet5 = QStringLiteral(NETSIZER_ROOT "/resources/examples/lenet5.json");
inline const QString kShared = QStringLiteral(NETSIZER_SHARED_DIR);

// The core's own breakdown of `path` for `config` (what the CLI must print).
netsizer::core::MemoryBreakdown coreBreakdown(const QString& path, const netsizer::core::TrainingConfig& config,
                                             netsizer::core::ModelFile* modelOut = nullptr);
// VGG16's settings in the peak and band tests.
netsizer::core::TrainingConfig vggConfig(std::uint64_t batch);
