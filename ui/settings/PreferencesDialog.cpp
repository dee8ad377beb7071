#include "ui/settings/PreferencesDialog.h"

#include "core/estimate/GpuCatalog.h"
#include "ui/settings/AppSettings.h"
#include "ui/settings/ThemePalette.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace netsizer::ui {

PreferencesDialog::PreferencesDialog(AppSettings& settings, QWidget* parent) : QDialog(parent), m_settings(settings)
{
    setWindowTitle(tr("Preferences"));
    setObjectName(QStringLiteral("PreferencesDialog"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    layout->addLayout(form);

    m_units = new QComboBox(this);
    m_units->addItem(tr("Binary (KiB, MiB, GiB)"), static_cast<int>(core::ByteUnits::Binary));
    m_units->addItem(tr("Decimal (kB, MB, GB)"), static_cast<int>(core::ByteUnits::Decimal));
    form->addRow(tr("&Units:"), m_units);

    m_gpu = new QComboBox(this);
    m_gpu->addItem(tr("None (no capacity to compare with)"), QString());
    for (const core::GpuSpec& gpu : core::GpuCatalog::builtin().gpus()) {
        const QString name = QString::fromStdString(gpu.name);
        m_gpu->addItem(name, name);
    }
    m_gpu->setToolTip(tr("The GPU the designer starts with; the open model keeps its own"));
    form->addRow(tr("Default &GPU:"), m_gpu);

    m_autosave = new QSpinBox(this);
    m_autosave->setRange(0, AppSettings::kMaxAutosaveSeconds);
    m_autosave->setSuffix(tr(" s"));
    m_autosave->setSpecialValueText(tr("Off"));
    m_autosave->setSingleStep(5);
    m_autosave->setToolTip(tr("Seconds between autosaves of unsaved changes; 0 turns autosave off (at least %1 s otherwise)")
                               .arg(AppSettings::kMinAutosaveSeconds));
    form->addRow(tr("&Autosave every:"), m_autosave);

    m_theme = new QComboBox(this);
    m_theme->addItem(tr("System"), static_cast<int>(Theme::System));
    m_theme->addItem(tr("Light"), static_cast<int>(Theme::Light));
    m_theme->addItem(tr("Dark"), static_cast<int>(Theme::Dark));
    form->addRow(tr("&Theme:"), m_theme);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::RestoreDefaults | QDialogButtonBox::Close, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this, &PreferencesDialog::restoreDefaults);

    load();
    connect(m_units, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_loading) m_settings.setUnits(static_cast<core::ByteUnits>(m_units->currentData().toInt()));
    });
    connect(m_gpu, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_loading) m_settings.setDefaultGpu(m_gpu->currentData().toString());
    });
    connect(m_autosave, &QSpinBox::valueChanged, this, [this](int v) {
        if (!m_loading) m_settings.setAutosaveIntervalSeconds(v);
    });
    // A value outside the stored range is stored clamped: show what is stored once editing ends.
    connect(m_autosave, &QSpinBox::editingFinished, this, [this] {
        m_loading = true;
        m_autosave->setValue(m_settings.autosaveIntervalSeconds());
        m_loading = false;
    });
    connect(m_theme, &QComboBox::currentIndexChanged, this, [this] {
        if (m_loading) return;
        const auto theme = static_cast<Theme>(m_theme->currentData().toInt());
        m_settings.setTheme(theme);
        ThemePalette::apply(theme);
    });
}

void PreferencesDialog::load()
{
    m_loading = true;
    m_units->setCurrentIndex(m_units->findData(static_cast<int>(m_settings.units())));
    const int gpu = m_gpu->findData(m_settings.defaultGpu());
    if (gpu >= 0) {
        m_gpu->setCurrentIndex(gpu);
    } else {
        // A stored name that is no longer a preset stays visible (and stays stored).
        m_gpu->addItem(tr("%1 (not a preset)").arg(m_settings.defaultGpu()), m_settings.defaultGpu());
        m_gpu->setCurrentIndex(m_gpu->count() - 1);
    }
    m_autosave->setValue(m_settings.autosaveIntervalSeconds());
    m_theme->setCurrentIndex(m_theme->findData(static_cast<int>(m_settings.theme())));
    m_loading = false;
}

void PreferencesDialog::restoreDefaults()
{
    m_settings.setUnits(core::ByteUnits::Binary);
    m_settings.setDefaultGpu(AppSettings::kDefaultGpu);
    m_settings.setAutosaveIntervalSeconds(AppSettings::kDefaultAutosaveSeconds);
    m_settings.setTheme(Theme::System);
    ThemePalette::apply(Theme::System);
    load();
}

} // namespace netsizer::ui
