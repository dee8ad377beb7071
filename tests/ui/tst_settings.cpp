// ui::AppSettings and Edit ▸ Preferences: the documented defaults on an empty store, values
// persisting across instances under their documented keys, bad stored values reading as the
// defaults, and the dialog writing every setting as its control changes — the theme live
// (application palette, a chart's background and the canvas background turn dark and back).
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/charts/LayerBarsChart.h"
#include "ui/document/Document.h"
#include "ui/models/BuiltinModels.h"
#include "ui/settings/AppSettings.h"
#include "ui/settings/PreferencesDialog.h"
#include "ui/settings/ThemePalette.h"
#include "ui/style/DisplayOptions.h"

#include <QComboBox>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

using namespace netsizer;
using ui::AppSettings;
using ui::Theme;

class TestSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // QSettings under ~/.qttest, not the user's
        QCoreApplication::setOrganizationName(QStringLiteral("NetSizerTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_settings"));
    }
    void init() { QSettings().clear(); }
    void cleanup()
    {
        ui::ThemePalette::apply(Theme::System);
        QSettings().clear();
    }

    void defaultsOnAnEmptyStore()
    {
        AppSettings s;
        QCOMPARE(s.units(), core::ByteUnits::Binary);
        QCOMPARE(s.defaultGpu(), QStringLiteral("RTX 3090"));
        QCOMPARE(s.autosaveIntervalSeconds(), 30);
        QCOMPARE(s.theme(), Theme::System);
    }

    void valuesPersistUnderTheirKeys()
    {
        {
            AppSettings s;
            QSignalSpy autosave(&s, &AppSettings::autosaveIntervalChanged);
            s.setUnits(core::ByteUnits::Decimal);
            s.setDefaultGpu(QStringLiteral("Tesla T4"));
            s.setAutosaveIntervalSeconds(120);
            s.setAutosaveIntervalSeconds(120); // unchanged: no second signal
            s.setTheme(Theme::Dark);
            QCOMPARE(autosave.count(), 1);
            QCOMPARE(autosave.front().front().toInt(), 120);
        }
        QSettings raw;
        QCOMPARE(raw.value("display/units").toString(), QStringLiteral("decimal"));
        QCOMPARE(raw.value("training/defaultGpu").toString(), QStringLiteral("Tesla T4"));
        QCOMPARE(raw.value("autosave/intervalSeconds").toInt(), 120);
        QCOMPARE(raw.value("appearance/theme").toString(), QStringLiteral("dark"));
        AppSettings again;
        QCOMPARE(again.units(), core::ByteUnits::Decimal);
        QCOMPARE(again.defaultGpu(), QStringLiteral("Tesla T4"));
        QCOMPARE(again.autosaveIntervalSeconds(), 120);
        QCOMPARE(again.theme(), Theme::Dark);
        // Off, and the range's ends.
        again.setAutosaveIntervalSeconds(0);
        QCOMPARE(again.autosaveIntervalSeconds(), 0);
        again.setAutosaveIntervalSeconds(1);
        QCOMPARE(again.autosaveIntervalSeconds(), 1);
        again.setAutosaveIntervalSeconds(100000);
        QCOMPARE(again.autosaveIntervalSeconds(), 3600);
        // No GPU is a value of its own, not the default.
        again.setDefaultGpu(QString());
        QCOMPARE(AppSettings().defaultGpu(), QString());
    }

    void badStoredValuesReadAsDefaults_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QVariant>("stored");
        QTest::addRow("units") << "display/units" << QVariant(QStringLiteral("furlongs"));
        QTest::addRow("autosave text") << "autosave/intervalSeconds" << QVariant(QStringLiteral("soon"));
        QTest::addRow("autosave negative") << "autosave/intervalSeconds" << QVariant(-7);
        QTest::addRow("theme") << "appearance/theme" << QVariant(QStringLiteral("purple"));
    }
    void badStoredValuesReadAsDefaults()
    {
        QFETCH(QString, key);
        QFETCH(QVariant, stored);
        QSettings().setValue(key, stored);
        AppSettings s;
        QCOMPARE(s.units(), core::ByteUnits::Binary);
        QCOMPARE(s.autosaveIntervalSeconds(), 30);
        QCOMPARE(s.theme(), Theme::System);
    }

    void dialogWritesEachSetting()
    {
        AppSettings s;
        s.setDefaultGpu(QStringLiteral("Tesla T4"));
        ui::PreferencesDialog dialog(s);
        QCOMPARE(dialog.gpuBox()->currentText(), QStringLiteral("Tesla T4"));
        QCOMPARE(dialog.autosaveBox()->value(), 30);
        QSignalSpy units(&s, &AppSettings::unitsChanged);
        dialog.unitsBox()->setCurrentIndex(1);
        QCOMPARE(units.count(), 1);
        QCOMPARE(s.units(), core::ByteUnits::Decimal);
        dialog.gpuBox()->setCurrentIndex(0); // None
        QCOMPARE(s.defaultGpu(), QString());
        dialog.autosaveBox()->setValue(90);
        QCOMPARE(QSettings().value("autosave/intervalSeconds").toInt(), 90);
        dialog.autosaveBox()->setValue(0);
        QCOMPARE(s.autosaveIntervalSeconds(), 0);
        QCOMPARE(dialog.autosaveBox()->text(), QStringLiteral("Off"));
        dialog.restoreDefaults();
        QCOMPARE(s.units(), core::ByteUnits::Binary);
        QCOMPARE(s.defaultGpu(), QStringLiteral("RTX 3090"));
        QCOMPARE(dialog.gpuBox()->currentText(), QStringLiteral("RTX 3090"));
        QCOMPARE(dialog.autosaveBox()->value(), 30);
    }

    void unknownStoredGpuStaysVisible()
    {
        AppSettings s;
        s.setDefaultGpu(QStringLiteral("Imaginary 9000"));
        ui::PreferencesDialog dialog(s);
        QCOMPARE(dialog.gpuBox()->currentData().toString(), QStringLiteral("Imaginary 9000"));
        QCOMPARE(s.defaultGpu(), QStringLiteral("Imaginary 9000"));
    }

    void themeAppliesLive()
    {
        ui::Document doc;
        doc.reset(ui::denseChain(3, 8), core::TrainingConfig{});
        ui::DisplayOptions options;
        ui::LayerBarsChart chart(options);
        ui::GraphScene scene(doc, options);
        ui::GraphView view(doc, &scene);
        chart.resize(400, 300);
        chart.show();
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        AppSettings s;
        ui::PreferencesDialog dialog(s);
        QSignalSpy theme(&s, &AppSettings::themeChanged);

        dialog.themeBox()->setCurrentIndex(dialog.themeBox()->findData(static_cast<int>(Theme::Dark)));
        QCOMPARE(theme.count(), 1);
        QCOMPARE(s.theme(), Theme::Dark);
        QCOMPARE(QApplication::palette().color(QPalette::Base), QColor(0x1E, 0x1E, 0x1E));
        QCoreApplication::processEvents();
        QVERIFY(chart.xAxis->basePen().color().lightness() > 200); // axes in the light text colour
        QVERIFY(view.backgroundBrush().color().lightness() < 64);
        // What the chart draws, not only its settings: the top-left pixel is the background.
        QVERIFY(chart.toPixmap(200, 150).toImage().pixelColor(2, 2).lightness() < 64);
        if (const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR"); !shots.isEmpty()) {
            dialog.show();
            QCoreApplication::processEvents();
            dialog.grab().save(shots + QStringLiteral("/preferences_dark.png"));
        }

        dialog.themeBox()->setCurrentIndex(dialog.themeBox()->findData(static_cast<int>(Theme::Light)));
        QCoreApplication::processEvents();
        QCOMPARE(s.theme(), Theme::Light);
        QCOMPARE(chart.xAxis->basePen().color(), QColor(Qt::black));
        QVERIFY(view.backgroundBrush().color().lightness() > 200);
        QVERIFY(chart.toPixmap(200, 150).toImage().pixelColor(2, 2).lightness() > 200);
    }
};

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
