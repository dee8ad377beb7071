#pragma once
// A graph as text for undo tests (ARCHITECTURE.md rule 11: compare serialized JSON): the
// native JSON document (core/io/NativeFormat) followed by a structural listing — layers in
// order (name, kind, attributes, trainable, position) and connections in order (ends named by
// layer name and port). Layer ids are not compared (files do not store them).

#include "core/graph/Graph.h"
#include "core/io/NativeFormat.h"
#include "core/layers/LayerKind.h"

#include <QString>
#include <QStringList>

namespace netsizer::test {

inline QString describeGraph(const core::Graph& g)
{
    QStringList out;
    core::ModelFile file;
    file.graph = g;
    out << QString::fromStdString(core::writeNativeModel(file));
    out << QStringLiteral("name=%1").arg(QString::fromStdString(g.name));
    for (const auto& l : g.layers()) {
        QStringList attrs;
        for (const auto& a : l.attrs) attrs << QString::fromStdString(core::attrToString(a));
        out << QStringLiteral("L %1 %2 (%3) t=%4 pos=%5,%6,%7")
                   .arg(QString::fromStdString(l.name), QString::fromStdString(l.kind->id), attrs.join(", "))
                   .arg(l.trainable)
                   .arg(l.x)
                   .arg(l.y)
                   .arg(l.hasPosition);
    }
    for (const auto& c : g.connections())
        out << QStringLiteral("C %1:%2 -> %3:%4")
                   .arg(QString::fromStdString(g.find(c.from.layer)->name))
                   .arg(c.from.port)
                   .arg(QString::fromStdString(g.find(c.to.layer)->name))
                   .arg(c.to.port);
    return out.join('\n');
}

} // namespace netsizer::test
