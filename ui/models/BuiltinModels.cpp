#include "ui/models/BuiltinModels.h"

#include "core/graph/GraphBuilder.h"
#include "core/io/NativeFormat.h"

#include <QFile>

#include <cassert>

#include <string>

namespace netsizer::ui {

using core::IntList;

core::ModelFile defaultModel()
{
    QFile file(QString::fromLatin1(kDefaultModelPath));
    const bool opened = file.open(QIODevice::ReadOnly);
    assert(opened && "the default model is not compiled in");
    if (!opened) return {};
    const QByteArray bytes = file.readAll();
    auto model = core::readNativeModel(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    assert(model.ok() && "the default model does not read");
    return model.ok() ? std::move(model).value() : core::ModelFile{};
}

core::Graph denseChain(std::size_t layers, std::int64_t width)
{
    core::GraphBuilder b;
    core::LayerId x = b.add("Input", "input", {}, {{"shape", IntList{width}}});
    for (std::size_t i = 1; i < layers; ++i) {
        if (i % 2 == 1)
            x = b.add("Dense", "fc" + std::to_string(i), {x}, {{"units", width}});
        else
            x = b.add("ReLU", "relu" + std::to_string(i), {x});
    }
    core::Graph g = b.take();
    g.name = "chain-" + std::to_string(layers);
    return g;
}

} // namespace netsizer::ui
