#pragma once
// Export chart ▸ …: asks for the image's width and height in pixels, its resolution (DPI), the
// title, and whether the configuration line and the legend go in. Starts from the options it
// is given (the last export's size and DPI, at least 1600 px wide by default); the size
// preview reads "1600 × 1000 px, 11.1 × 6.9 in at 144 dpi". OK returns the options.

#include "ui/files/ChartExporter.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace netsizer::ui {

class ChartExportDialog : public QDialog {
    Q_OBJECT
public:
    ChartExportDialog(const ChartExportOptions& proposed, QWidget* parent = nullptr);

    ChartExportOptions options() const;

    QSpinBox* widthBox() const { return m_width; }
    QSpinBox* heightBox() const { return m_height; }
    QSpinBox* dpiBox() const { return m_dpi; }
    QLineEdit* titleField() const { return m_title; }
    QCheckBox* configBox() const { return m_config; }
    QCheckBox* legendBox() const { return m_legend; }
    QString sizeText() const;

    // Shows the dialog modally; nullopt when cancelled.
    static std::optional<ChartExportOptions> ask(const ChartExportOptions& proposed, QWidget* parent);

private:
    void updatePreview();

    QString m_configLine;
    QSpinBox* m_width = nullptr;
    QSpinBox* m_height = nullptr;
    QSpinBox* m_dpi = nullptr;
    QLineEdit* m_title = nullptr;
    QCheckBox* m_config = nullptr;
    QCheckBox* m_legend = nullptr;
    QLabel* m_preview = nullptr;
};

} // namespace netsizer::ui
