#pragma once
// A minimal protobuf writer for hand-made (and deliberately malformed) ONNX models, field
// numbers from onnx.proto (ONNX 1.12). Used by the CLI's bad-input catalogue; no libonnx needed.

#include <QByteArray>

#include <initializer_list>
#include <vector>

namespace onnxbytes {

inline void varint(QByteArray& out, quint64 v)
{
    while (v >= 0x80) {
        out += char((v & 0x7f) | 0x80);
        v >>= 7;
    }
    out += char(v);
}
inline void tagged(QByteArray& out, int field, int wire) { varint(out, quint64(field) << 3 | quint64(wire)); }
inline void intField(QByteArray& out, int field, qint64 v) { tagged(out, field, 0); varint(out, quint64(v)); }
inline void bytesField(QByteArray& out, int field, const QByteArray& v)
{
    tagged(out, field, 2);
    varint(out, quint64(v.size()));
    out += v;
}

// ValueInfoProto of a float tensor; dims -1, -2, -3 are the symbols "N", "H", "W", other
// negative dims are written as they are (malformed).
inline QByteArray valueInfo(const QByteArray& name, const std::vector<qint64>& dims)
{
    QByteArray shape;
    for (auto d : dims) {
        QByteArray dim;
        if (d == -1) bytesField(dim, 2, "N");
        else if (d == -2) bytesField(dim, 2, "H");
        else if (d == -3) bytesField(dim, 2, "W");
        else intField(dim, 1, d);
        bytesField(shape, 1, dim);
    }
    QByteArray tensor, type, vi;
    intField(tensor, 1, 1); // FLOAT
    bytesField(tensor, 2, shape);
    bytesField(type, 1, tensor);
    bytesField(vi, 1, name);
    bytesField(vi, 2, type);
    return vi;
}

// AttributeProto: INTS (type 7) or INT (type 2).
inline QByteArray intsAttr(const QByteArray& name, std::initializer_list<qint64> values)
{
    QByteArray a;
    bytesField(a, 1, name);
    for (auto v : values) intField(a, 8, v);
    intField(a, 20, 7);
    return a;
}
inline QByteArray intAttr(const QByteArray& name, qint64 value)
{
    QByteArray a;
    bytesField(a, 1, name);
    intField(a, 3, value);
    intField(a, 20, 2);
    return a;
}

inline QByteArray node(const QByteArray& op, std::initializer_list<QByteArray> inputs, std::initializer_list<QByteArray> outputs,
                       const QByteArray& name, std::initializer_list<QByteArray> attrs = {})
{
    QByteArray n;
    for (const auto& i : inputs) bytesField(n, 1, i);
    for (const auto& o : outputs) bytesField(n, 2, o);
    bytesField(n, 3, name);
    bytesField(n, 4, op);
    for (const auto& a : attrs) bytesField(n, 5, a);
    return n;
}

// TensorProto of `type` (1 FLOAT, 7 INT64) with `raw` as raw_data (none when empty).
inline QByteArray tensor(const QByteArray& name, const std::vector<qint64>& dims, int type = 1, const QByteArray& raw = {})
{
    QByteArray t;
    for (auto d : dims) intField(t, 1, d);
    intField(t, 2, type);
    bytesField(t, 8, name);
    if (!raw.isEmpty()) bytesField(t, 9, raw);
    return t;
}

// A Constant node holding `t` as its `value` attribute (type TENSOR, 4).
inline QByteArray constantNode(const QByteArray& output, const QByteArray& t)
{
    QByteArray a;
    bytesField(a, 1, "value");
    bytesField(a, 5, t);
    intField(a, 20, 4);
    QByteArray n;
    bytesField(n, 2, output);
    bytesField(n, 3, output + "_const");
    bytesField(n, 4, "Constant");
    bytesField(n, 5, a);
    return n;
}

// GraphProto pieces are concatenated by the caller: node 1, name 2, initializer 5, input 11,
// output 12, value_info 13.
inline QByteArray onnxModel(const QByteArray& graph, qint64 opset = 13, const QByteArray& producer = {})
{
    QByteArray m, op;
    intField(m, 1, 7);
    if (!producer.isEmpty()) bytesField(m, 2, producer);
    bytesField(m, 7, graph);
    if (opset > 0) {
        intField(op, 2, opset);
        bytesField(m, 8, op);
    }
    return m;
}

// x [N, 3, 8, 8] -> Conv(w [4, 3, 3, 3], attrs) -> y: the base of the Conv rows.
inline QByteArray convGraph(std::initializer_list<QByteArray> attrs, const std::vector<qint64>& input = {-1, 3, 8, 8},
                            const QByteArray& weight = tensor("w", {4, 3, 3, 3}))
{
    QByteArray g;
    bytesField(g, 1, node("Conv", {"x", "w"}, {"y"}, "conv", attrs));
    bytesField(g, 5, weight);
    bytesField(g, 11, valueInfo("x", input));
    return g;
}

} // namespace onnxbytes
