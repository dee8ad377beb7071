#include "core/graph/ElemKind.h"

namespace netsizer::core {

const char* elemKindName(ElemKind k)
{
    switch (k) {
    case ElemKind::Activation: return "activation";
    case ElemKind::Float32: return "float32";
    case ElemKind::Int64: return "int64";
    case ElemKind::Int32: return "int32";
    case ElemKind::Bool: return "bool";
    }
    return "?";
}

} // namespace netsizer::core
