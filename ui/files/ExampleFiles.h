#pragma once
// The example models shipped with NetSizer (resources/examples/*.json), compiled into the
// binary as Qt resources under ":/examples" so the menu works in any build or installation.

#include <QString>
#include <QStringList>

namespace netsizer::ui {

class ExampleFiles {
public:
    static constexpr const char* kResourceDir = ":/examples";

    // Resource paths (":/examples/vgg16.json"), sorted by file name.
    static QStringList paths();
    // The menu label for an example path: "resnet18.json" → "resnet18".
    static QString label(const QString& path);
};

} // namespace netsizer::ui
