#pragma once
// Reading a node's attributes by name with a default (ONNX attributes are optional unless
// the operator's schema says otherwise). Include only from core/io/onnx .cpp files.

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <string>
#include <vector>

namespace netsizer::core::onnximport {

// Input `i` of `n` is given (present and not the empty name of an omitted optional input).
inline bool hasInput(const onnx::NodeProto& n, int i)
{
    return n.input_size() > i && !n.input(i).empty();
}

inline const onnx::AttributeProto* findAttr(const onnx::NodeProto& n, const char* name)
{
    for (const auto& a : n.attribute())
        if (a.name() == name) return &a;
    return nullptr;
}

inline std::int64_t attrInt(const onnx::NodeProto& n, const char* name, std::int64_t def)
{
    const auto* a = findAttr(n, name);
    return a && a->has_i() ? a->i() : def;
}

inline double attrFloat(const onnx::NodeProto& n, const char* name, double def)
{
    const auto* a = findAttr(n, name);
    return a && a->has_f() ? static_cast<double>(a->f()) : def;
}

inline std::string attrString(const onnx::NodeProto& n, const char* name, const std::string& def)
{
    const auto* a = findAttr(n, name);
    return a && a->has_s() ? a->s() : def;
}

inline std::vector<std::int64_t> attrInts(const onnx::NodeProto& n, const char* name)
{
    const auto* a = findAttr(n, name);
    return a ? std::vector<std::int64_t>(a->ints().begin(), a->ints().end()) : std::vector<std::int64_t>{};
}

} // namespace netsizer::core::onnximport
