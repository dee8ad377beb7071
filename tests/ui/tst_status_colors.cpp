// ui::StatusColors: the error, warning and success inks keep their hue and reach WCAG AA
// contrast (4.5) against Base, AlternateBase and Window of light, dark and mid-grey palettes;
// the contrast ratio itself matches the WCAG 2 definition's known values.
#include "ui/style/StatusColors.h"

#include <QtTest>

using netsizer::ui::StatusColors;

namespace {
QPalette paletteOf(QColor window, QColor base, QColor alternate)
{
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, alternate);
    return p;
}
} // namespace

class TestStatusColors : public QObject {
    Q_OBJECT
private slots:
    void contrastRatioIsWcags()
    {
        QCOMPARE(StatusColors::contrastRatio(Qt::black, Qt::white), 21.0);
        QCOMPARE(StatusColors::contrastRatio(Qt::white, Qt::white), 1.0);
        // #777777 on white is the classic 4.48:1 just below AA.
        QVERIFY(std::abs(StatusColors::contrastRatio(QColor(0x77, 0x77, 0x77), Qt::white) - 4.48) < 0.01);
        // The old fixed red: fine on white (5.0:1), poor on a near-black base (under 4.5).
        QVERIFY(StatusColors::contrastRatio(QColor(0xD6, 0x27, 0x28), Qt::white) > 4.9);
        QVERIFY(StatusColors::contrastRatio(QColor(0xD6, 0x27, 0x28), QColor(0x1E, 0x1E, 0x1E)) < 4.0);
    }

    void inksReadOnEveryPalette_data()
    {
        QTest::addColumn<QPalette>("palette");
        QTest::addColumn<bool>("dark");
        QTest::addRow("light (Fusion)") << paletteOf(QColor(0xEF, 0xEF, 0xEF), Qt::white, QColor(0xF7, 0xF7, 0xF7)) << false;
        QTest::addRow("dark") << paletteOf(QColor(0x2D, 0x2D, 0x30), QColor(0x1E, 0x1E, 0x1E), QColor(0x26, 0x26, 0x28)) << true;
        QTest::addRow("black") << paletteOf(Qt::black, Qt::black, QColor(0x10, 0x10, 0x10)) << true;
        QTest::addRow("mid grey") << paletteOf(QColor(0x55, 0x55, 0x55), QColor(0x4A, 0x4A, 0x4A), QColor(0x50, 0x50, 0x50)) << true;
    }
    void inksReadOnEveryPalette()
    {
        QFETCH(QPalette, palette);
        QFETCH(bool, dark);
        const struct {
            QColor ink;
            int hue; // of the Tableau colour it comes from
        } inks[] = {{StatusColors::error(palette), 359}, {StatusColors::warning(palette), 37}, {StatusColors::success(palette), 120}};
        for (const auto& [ink, hue] : inks) {
            for (QPalette::ColorRole bg : {QPalette::Base, QPalette::AlternateBase, QPalette::Window}) {
                const double r = StatusColors::contrastRatio(ink, palette.color(bg));
                QVERIFY2(r >= StatusColors::kMinContrast, qPrintable(QStringLiteral("%1 on %2: %3").arg(ink.name(), palette.color(bg).name()).arg(r)));
            }
            const int d = std::abs(ink.hslHue() - hue);
            QVERIFY2(std::min(d, 360 - d) <= 3, qPrintable(QStringLiteral("%1 hue %2, want %3").arg(ink.name()).arg(ink.hslHue()).arg(hue)));
            // Lighter than the base on dark palettes, darker on light ones.
            QCOMPARE(StatusColors::relativeLuminance(ink) > StatusColors::relativeLuminance(palette.color(QPalette::Base)), dark);
        }
    }
};

QTEST_APPLESS_MAIN(TestStatusColors)
#include "tst_status_colors.moc"
