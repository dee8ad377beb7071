// Every input kept under tests/fuzz — the hand-written malformed seeds (seeds/<format>/) and
// what the fuzz targets found (regressions/<format>/, copied there by scripts/fuzz.sh) — runs
// through the code the fuzz targets run (FuzzInput.cpp): the reader, then the analysis and the
// estimate of what it accepted. A crash or a throw fails the run; so does a broken invariant
// (an error that does not name the file and the place in it, a native document that does not read back as written), an input
// taking longer than the fuzzers' limit, and a seed named refused-* that a reader accepts.
#include "tests/fuzz/FuzzInput.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QtTest>

using namespace netsizer;

namespace {

const QString kFuzzDir = QStringLiteral(NETSIZER_ROOT "/tests/fuzz");

// The fuzz runs use -timeout=2 (seconds); a regression input gets more here because this build
// has no sanitizers but the machine running the tests may be busy.
constexpr qint64 kMaxMillisecondsPerInput = 10'000;

QStringList inputFiles(const QString& dir)
{
    QStringList files;
    const auto entries = QDir(dir).entryInfoList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo& f : entries)
        if (f.fileName() != QLatin1String("README.md") && !f.fileName().startsWith(QLatin1Char('.')))
            files << f.absoluteFilePath();
    return files;
}

} // namespace

class TestFuzzRegressions : public QObject {
    Q_OBJECT
private slots:
    void everyFormatHasSeedsAndADictionary();
    void inputsStayCorrect_data();
    void inputsStayCorrect();
};

void TestFuzzRegressions::everyFormatHasSeedsAndADictionary()
{
    for (fuzz::Format f : fuzz::allFormats()) {
        const QString name = QString::fromLatin1(fuzz::formatName(f));
        QVERIFY2(fuzz::parseFormat(fuzz::formatName(f)) == f, qPrintable(name));
        QVERIFY2(!inputFiles(kFuzzDir + "/seeds/" + name).isEmpty(), qPrintable("no seeds for " + name));
        QVERIFY2(QDir(kFuzzDir + "/regressions/" + name).exists(), qPrintable("no regressions folder for " + name));
        QVERIFY2(QFile::exists(kFuzzDir + "/dict/" + name + ".dict"), qPrintable("no dictionary for " + name));
    }
}

void TestFuzzRegressions::inputsStayCorrect_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    for (fuzz::Format f : fuzz::allFormats()) {
        const QString name = QString::fromLatin1(fuzz::formatName(f));
        for (const char* kind : {"seeds", "regressions"})
            for (const QString& file : inputFiles(kFuzzDir + "/" + kind + "/" + name))
                QTest::newRow(qPrintable(QString("%1/%2/%3").arg(kind, name, QFileInfo(file).fileName()))) << name << file;
    }
}

void TestFuzzRegressions::inputsStayCorrect()
{
    QFETCH(QString, format);
    QFETCH(QString, file);
    const auto f = fuzz::parseFormat(format.toStdString());
    QVERIFY(f.has_value());
    QFile in(file);
    QVERIFY2(in.open(QIODevice::ReadOnly), qPrintable(file));
    const QByteArray bytes = in.readAll();
    const std::string fileName = QFileInfo(file).fileName().toStdString();

    QElapsedTimer timer;
    timer.start();
    fuzz::Outcome outcome;
    try {
        outcome = fuzz::runInput(*f, std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), fileName);
    } catch (const std::exception& e) {
        QFAIL(qPrintable(QString("the reader threw: ") + e.what()));
    }
    const qint64 ms = timer.elapsed();
    QVERIFY2(ms < kMaxMillisecondsPerInput, qPrintable(QString("took %1 ms").arg(ms)));
    QVERIFY2(outcome.violations.empty(),
             qPrintable(QString::fromStdString(outcome.violations.empty() ? std::string() : outcome.violations.front())));
    if (QFileInfo(file).fileName().startsWith(QLatin1String("refused-")))
        QVERIFY2(outcome.readError.has_value(), "a malformed seed was accepted");
}

QTEST_APPLESS_MAIN(TestFuzzRegressions)
#include "tst_fuzz_regressions.moc"
