#include "core/graph/AttrValue.h"

#include <cstdio>

namespace netsizer::core {

std::string attrToString(const AttrValue& v)
{
    struct Visitor {
        std::string operator()(std::int64_t i) const { return std::to_string(i); }
        std::string operator()(double d) const
        {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%g", d);
            return buf;
        }
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(const std::string& s) const { return s; }
        std::string operator()(const IntList& l) const
        {
            std::string s = "[";
            for (std::size_t i = 0; i < l.size(); ++i) {
                if (i) s += ", ";
                s += std::to_string(l[i]);
            }
            return s + "]";
        }
    };
    return std::visit(Visitor{}, v);
}

} // namespace netsizer::core
