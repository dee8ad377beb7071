#include "ui/lessons/LessonQuestionBox.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace netsizer::ui {

LessonQuestionBox::LessonQuestionBox(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("LessonQuestion"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 4);
    m_prompt = new QLabel(this);
    m_prompt->setWordWrap(true);
    m_prompt->setTextFormat(Qt::RichText);
    QFont bold = m_prompt->font();
    bold.setBold(true);
    m_prompt->setFont(bold);
    layout->addWidget(m_prompt);

    auto* row = new QHBoxLayout;
    m_number = new QLineEdit(this);
    m_number->setObjectName(QStringLiteral("LessonAnswer"));
    m_number->setAccessibleName(tr("Your guess"));
    m_number->setPlaceholderText(tr("Your guess"));
    m_number->setToolTip(tr("Type your prediction, then press Enter or Reveal to see what NetSizer computes"));
    m_unit = new QLabel(this);
    m_unit->setBuddy(m_number);
    row->addWidget(m_number, 1);
    row->addWidget(m_unit);
    m_reveal = new QPushButton(tr("&Reveal"), this);
    m_reveal->setObjectName(QStringLiteral("LessonReveal"));
    m_reveal->setToolTip(tr("Show the figure NetSizer computes and how far your guess was"));
    row->addWidget(m_reveal);
    layout->addLayout(row);

    m_choices = new QWidget(this);
    m_choiceLayout = new QVBoxLayout(m_choices);
    m_choiceLayout->setContentsMargins(0, 0, 0, 0);
    m_group = new QButtonGroup(this);
    layout->addWidget(m_choices);

    m_answer = new QLabel(this);
    m_answer->setObjectName(QStringLiteral("LessonReveal/answer"));
    m_answer->setWordWrap(true);
    m_answer->setTextFormat(Qt::RichText);
    m_answer->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_answer);

    connect(m_reveal, &QPushButton::clicked, this, &LessonQuestionBox::revealRequested);
    connect(m_number, &QLineEdit::returnPressed, this, &LessonQuestionBox::revealRequested);
    hide();
}

void LessonQuestionBox::clearChoices()
{
    for (QAbstractButton* b : m_group->buttons()) {
        m_group->removeButton(b);
        delete b;
    }
}

void LessonQuestionBox::showQuestion(const std::optional<core::LessonQuestion>& question, const QString& prompt,
                                     const std::string& language)
{
    clearChoices();
    m_number->clear();
    m_answer->clear();
    m_answer->hide();
    setVisible(question.has_value());
    if (!question) return;
    m_prompt->setText(prompt);
    const bool number = question->kind == core::LessonQuestion::Kind::Number;
    m_number->setVisible(number);
    m_number->setEnabled(true);
    m_unit->setVisible(number);
    m_unit->setText(QString::fromStdString(question->unit));
    m_choices->setVisible(!number);
    m_reveal->setEnabled(true);
    if (!number) {
        for (const core::LessonChoice& c : question->choices) {
            auto* button = new QRadioButton(QString::fromStdString(c.text.in(language)), m_choices);
            button->setProperty("choiceValue", QString::fromStdString(c.value));
            m_group->addButton(button);
            m_choiceLayout->addWidget(button);
        }
    }
}

std::optional<double> LessonQuestionBox::numberGuess() const
{
    const QString t = m_number->text().trimmed();
    bool ok = false;
    double v = QLocale().toDouble(t, &ok);
    if (!ok) v = QLocale::c().toDouble(t, &ok);
    return ok ? std::optional(v) : std::nullopt;
}

QString LessonQuestionBox::choiceGuess() const
{
    const QAbstractButton* b = m_group->checkedButton();
    return b ? b->property("choiceValue").toString() : QString();
}

void LessonQuestionBox::setNumberGuess(double value) { m_number->setText(QLocale().toString(value, 'g', 12)); }

bool LessonQuestionBox::pickChoice(const QString& value)
{
    for (QAbstractButton* b : m_group->buttons())
        if (b->property("choiceValue").toString() == value) {
            b->setChecked(true);
            return true;
        }
    return false;
}

void LessonQuestionBox::showReveal(const QString& text)
{
    m_answer->setText(text);
    m_answer->show();
    m_number->setEnabled(false);
    m_reveal->setEnabled(false);
    for (QAbstractButton* b : m_group->buttons()) b->setEnabled(false);
}

QString LessonQuestionBox::revealText() const { return m_answer->isHidden() ? QString() : m_answer->text(); }

} // namespace netsizer::ui
