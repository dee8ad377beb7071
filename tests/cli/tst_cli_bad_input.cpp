// The catalogue of bad input: malformed files of every format NetSizer reads (native JSON, Keras
// JSON, Caffe prototxt, ONNX) and bad values of the CLI's own options. Every row runs the built
// netsizer-cli and asserts exit status 2, nothing on stdout, exactly one line on stderr, valid
// UTF-8, and the located error: the start of the line (file, then line / JSON pointer / node)
// and a phrase naming the problem. Files are written by the test (the texts are below).
// Also here: names that are not UTF-8 in every format and every output format (exit 0, valid
// UTF-8, parseable JSON), and the inputs that used to hang (each must finish well inside the
// harness's 30 s).
#include "BadModelFiles.h"
#include "CliHarness.h"
#include "OnnxBytes.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>
#include <QtTest>

#include <limits>

using namespace onnxbytes;

class TestCliBadInput : public QObject, protected CliHarness {
    Q_OBJECT
private slots:
    void initTestCase();
    void catalogue_data();
    void catalogue();
    void nonUtf8NamesInEveryOutput_data();
    void nonUtf8NamesInEveryOutput();
    void formerHangsFinish_data();
    void formerHangsFinish();
};

namespace {

bool isUtf8(const QByteArray& bytes)
{
    QStringDecoder d(QStringDecoder::Utf8);
    (void)d.decode(bytes);
    return !d.hasError();
}

} // namespace

void TestCliBadInput::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(NETSIZER_CLI_PATH), NETSIZER_CLI_PATH);
    m_tiny = writeModel("tiny.json", model(kTinyLayers));
}

void TestCliBadInput::catalogue_data()
{
    QTest::addColumn<QStringList>("args");     // "MODEL" is replaced by the file's name
    QTest::addColumn<QString>("file");          // written to the temporary directory when set
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");      // the start of the stderr line
    QTest::addColumn<QString>("alsoContains");  // a phrase naming the problem

    const QStringList est{"estimate", "MODEL"};
    auto add = [&](const char* name, const QString& file, const QByteArray& content, const QString& expected, const QString& phrase,
                   const QStringList& args = {}) {
        QTest::newRow(name) << (args.isEmpty() ? QStringList{"estimate", "MODEL"} : args) << file << content << expected << phrase;
    };
    const QByteArray P40 = "1099511627776";  // 2^40
    for (const BadModelFile& f : badModelFiles()) add(f.row, f.file, f.content, f.location, f.phrase);

    add("caffe: solver that is not one", "net.prototxt", caffe(kCaffeConv), "solver.txt: ", "no such file",
        {"estimate", "MODEL", "--solver", "solver.txt"});
    add("onnx: impossible --input-shape", "shape.onnx", onnxModel(convGraph({}, {-1, 3, -2, -3})), "shape.onnx: layer 'conv': ", "does not fit",
        {"estimate", "MODEL", "--input-shape", "3x1x1"});
    add("onnx: --input-shape for no such input", "shape2.onnx", onnxModel(convGraph({}, {-1, 3, -2, -3})), "netsizer-cli: --input-shape: ", "'img'",
        {"estimate", "MODEL", "--input-shape", "img=3x8x8"});

    // Sizes beyond 64 bits: input [10^12] → PReLU → 100 ReLUs not in place at batch 65,536.
    // Forward of relu k holds the input and k + 2 outputs of 4 × 10^12 × 65,536 B each: 71 of
    // them pass 2^64 first at relu68 (tests/core/tst_size_overflow.cpp derives it).
    QByteArray huge = R"("layers": [{"name": "input", "type": "Input", "attrs": {"shape": [1000000000000]}},
  {"name": "prelu", "type": "PReLU", "inputs": ["input"]})";
    QByteArray prev = "prelu";
    for (int i = 0; i < 100; ++i) {
        const QByteArray name = "relu" + QByteArray::number(i);
        huge += ",\n  {\"name\": \"" + name + "\", \"type\": \"ReLU\", \"inputs\": [\"" + prev + "\"], \"attrs\": {\"inplace\": false}}";
        prev = name;
    }
    huge += "]";
    add("cli: memory beyond 2^64 bytes", "huge.json", model(huge), "huge.json: /layers/70: ",
        "layer 'relu68': memory at batch 65,536 exceeds 2^64 bytes", {"estimate", "MODEL", "--batch", "65536"});
    add("cli: advise beyond 2^64 bytes", "huge.json", model(huge), "huge.json: /layers/70: ",
        "layer 'relu68': memory at batch 65,536 exceeds 2^64 bytes", {"advise", "MODEL", "--batch", "65536", "--gpu", "RTX 3090"});

    // --- the CLI's own options ---
    const QString none;
    add("cli: --batch 2^40", none, {}, "netsizer-cli: --batch: ", "65,536", {"estimate", "tiny.json", "--batch", P40});
    add("cli: --batch 0", none, {}, "netsizer-cli: --batch: ", "'0'", {"estimate", "tiny.json", "--batch", "0"});
    add("cli: --batch -8", none, {}, "netsizer-cli: --batch: ", "'-8'", {"estimate", "tiny.json", "--batch=-8"});
    add("cli: --gpu-memory garbage", none, {}, "netsizer-cli: --gpu-memory: ", "'lots'", {"fit", "tiny.json", "--gpu-memory", "lots"});
    add("cli: --gpu-memory 10^19", none, {}, "netsizer-cli: --gpu-memory: ", "more than 1 PiB", {"fit", "tiny.json", "--gpu-memory", "10000000000000000000"});
    add("cli: --gpu-memory 2^64", none, {}, "netsizer-cli: --gpu-memory: ", "not a memory size", {"fit", "tiny.json", "--gpu-memory", "18446744073709551616"});
    add("cli: --gpu-memory 0", none, {}, "netsizer-cli: --gpu-memory: ", "'0'", {"fit", "tiny.json", "--gpu-memory", "0"});
    add("cli: --context 10^19", none, {}, "netsizer-cli: --context: ", "more than 1 PiB", {"estimate", "tiny.json", "--context", "10000000000000000000"});
    add("cli: --context negative", none, {}, "netsizer-cli: --context: ", "'-5MiB'", {"estimate", "tiny.json", "--context", "-5MiB"});
    add("cli: --workspace-cap garbage", none, {}, "netsizer-cli: --workspace-cap: ", "'x'", {"estimate", "tiny.json", "--workspace-cap", "x"});
    add("cli: --fragmentation 101", none, {}, "netsizer-cli: --fragmentation: ", "'101'", {"estimate", "tiny.json", "--fragmentation", "101"});
    add("cli: --input-shape 0x3", none, {}, "netsizer-cli: --input-shape: ", "'0x3'", {"estimate", "tiny.json", "--input-shape", "0x3"});
    add("cli: --input-shape rank 7", none, {}, "netsizer-cli: --input-shape: ", "'1x1x1x1x1x1x1'",
        {"estimate", "tiny.json", "--input-shape", "1x1x1x1x1x1x1"});
    add("cli: --input-shape 10^10", none, {}, "netsizer-cli: --input-shape: ", "'10000000000'", {"estimate", "tiny.json", "--input-shape", "10000000000"});
    add("cli: --input-shape for no such input", none, {}, "netsizer-cli: --input-shape: ", "no input named 'img'",
        {"estimate", "tiny.json", "--input-shape", "img=3x8x8"});
    add("cli: --format xml", none, {}, "netsizer-cli: --format: ", "'xml'", {"estimate", "tiny.json", "--format", "xml"});
    add("cli: --optimizer unknown", none, {}, "netsizer-cli: --optimizer: ", "'adamw2'", {"estimate", "tiny.json", "--optimizer", "adamw2"});
    add("cli: --solver on a JSON model", none, {}, "netsizer-cli: --solver: ", "Caffe", {"estimate", "tiny.json", "--solver", "tiny.json"});
    add("cli: a directory as the model", none, {}, ".: ", "directory", {"estimate", "."});
    add("cli: unknown extension", "model.txt", "hello", "model.txt: ", "unknown model file type '.txt'");
    add("cli: option without value", none, {}, "netsizer-cli: --batch: ", "needs a value", {"estimate", "tiny.json", "--batch"});
}

void TestCliBadInput::catalogue()
{
    QFETCH(QStringList, args);
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QFETCH(QString, alsoContains);
    if (!file.isEmpty()) {
        QCOMPARE(writeModel(file, content), file);
        args.replaceInStrings(QStringLiteral("MODEL"), file);
    }
    const Run r = cli(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.out.isEmpty(), r.out.left(400).constData());
    QVERIFY2(isUtf8(r.err), r.err.left(400).constData());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.endsWith('\n') && err.count('\n') == 1, qPrintable(err.left(400))); // exactly one line
    QVERIFY2(err.size() < 1000, qPrintable(err.left(400)));                          // a message, not the file
    QVERIFY2(err.startsWith(expected), qPrintable(err));
    QVERIFY2(err.contains(alsoContains), qPrintable(err));
}

void TestCliBadInput::nonUtf8NamesInEveryOutput_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("replaced"); // the name as it must appear, U+FFFD for each bad byte

    const QByteArray caffeNet = "name: \"n\\377t\"\ninput: \"data\"\ninput_shape { dim: 2 dim: 3 dim: 8 dim: 8 }\n"
                                "layer { name: \"c\\377nv\" type: \"Convolution\" bottom: \"data\" top: \"conv\" "
                                "convolution_param { num_output: 4 kernel_size: 3 } }\n";
    QByteArray g;
    bytesField(g, 1, node("Relu", {"x"}, {"y"}, "r\xffl\xc3u"));
    bytesField(g, 2, "gr\xfe" "ph");
    bytesField(g, 11, valueInfo("x", {-1, 3}));
    const QByteArray onnx = onnxModel(g, 13, "pr\xff" "ducer");
    for (const char* format : {"json", "csv", "table"}) {
        QTest::newRow(qPrintable(QString("caffe ") + format)) << "caffe.prototxt" << caffeNet << format << QString::fromUtf8("c\uFFFDnv");
        QTest::newRow(qPrintable(QString("onnx ") + format)) << "names.onnx" << onnx << format << QString::fromUtf8("r\uFFFDl\uFFFDu");
        // CSV rows name layers, not the file: there only the output's validity is checked.
        QTest::newRow(qPrintable(QString("path ") + format)) << QString::fromLatin1("mod\xe9l.json") << model(kTinyLayers) << format
                                                            << (QString(format) == "csv" ? QString() : QString::fromUtf8("mod\uFFFDl.json"));
    }
}

void TestCliBadInput::nonUtf8NamesInEveryOutput()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, format);
    QFETCH(QString, replaced);
    const QByteArray name = file.toLatin1(); // the Latin-1 byte 0xE9 stays one byte: not UTF-8
    // Written and passed as raw bytes, so the file system and argv hold the non-UTF-8 byte.
    const QByteArray path = QFile::encodeName(m_dir.path()) + "/" + name;
    FILE* out = std::fopen(path.constData(), "wb");
    QVERIFY(out);
    QCOMPARE(std::fwrite(content.constData(), 1, std::size_t(content.size()), out), std::size_t(content.size()));
    std::fclose(out);

    QProcess p;
    p.setWorkingDirectory(m_dir.path());
    // QProcess encodes arguments as UTF-8, which cannot carry the byte 0xE9 alone: printf makes it.
    QString octal;
    for (char c : name) octal += QString("\\%1").arg(uint(uchar(c)), 3, 8, QChar('0'));
    p.start("/bin/sh", {"-c", "exec \"$0\" estimate \"$(printf '" + octal + "')\" --format " + format, NETSIZER_CLI_PATH});
    QVERIFY(p.waitForFinished(30000));
    const QByteArray stdoutBytes = p.readAllStandardOutput(), stderrBytes = p.readAllStandardError();
    QVERIFY2(p.exitCode() == 0, stderrBytes.constData());
    QVERIFY(isUtf8(stdoutBytes));
    QVERIFY(isUtf8(stderrBytes));
    if (format == "json") {
        QJsonParseError e;
        const QJsonObject j = QJsonDocument::fromJson(stdoutBytes, &e).object();
        QCOMPARE(e.error, QJsonParseError::NoError);
        QVERIFY(j["layers"].toArray().size() >= 2);
    }
    QVERIFY2(QString::fromUtf8(stdoutBytes).contains(replaced), stdoutBytes.left(2000).constData());
}

void TestCliBadInput::formerHangsFinish_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected"); // in stdout (exit 0) or stderr (exit 2)

    { // 20,000 ONNX nodes written in reverse order (quadratic sort before: 55 s)
        QByteArray g;
        for (int i = 19999; i >= 0; --i)
            bytesField(g, 1, node("Relu", {i ? "v" + QByteArray::number(i - 1) : QByteArray("x")}, {"v" + QByteArray::number(i)},
                                  "relu" + QByteArray::number(i)));
        bytesField(g, 11, valueInfo("x", {-1, 16}));
        QTest::newRow("onnx 20k nodes reversed") << "reversed.onnx" << onnxModel(g) << 0 << "relu19999";
    }
    { // a Caffe chain of 12,000 InnerProducts (re-analysed per layer before: 14-20 s)
        QByteArray net = "input: \"data\"\ninput_shape { dim: 2 dim: 8 }\n";
        for (int i = 0; i < 12000; ++i)
            net += "layer { name: \"fc" + QByteArray::number(i) + "\" type: \"InnerProduct\" bottom: \"" +
                   (i ? "fc" + QByteArray::number(i - 1) : QByteArray("data")) + "\" top: \"fc" + QByteArray::number(i) +
                   "\" inner_product_param { num_output: 8 } }\n";
        QTest::newRow("caffe 12k InnerProducts") << "chain.prototxt" << net << 0 << "fc11999";
    }
}

void TestCliBadInput::formerHangsFinish()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    QCOMPARE(writeModel(file, content), file);
    QElapsedTimer t;
    t.start();
    const Run r = cli({"estimate", file, "--format", "json"});
    qInfo("%s: %lld ms", qPrintable(file), static_cast<long long>(t.elapsed()));
    QCOMPARE(r.code, exitCode);
    QVERIFY2((exitCode == 0 ? r.out : r.err).contains(expected.toUtf8()), r.err.constData());
}

QTEST_APPLESS_MAIN(TestCliBadInput)
#include "tst_cli_bad_input.moc"
