#include "core/io/caffe/CaffeTextParser.h"

#include <google/protobuf/io/tokenizer.h>

#include <limits>

namespace netsizer::core::caffe {
namespace {

class Collector : public google::protobuf::io::ErrorCollector {
public:
    void AddError(int line, google::protobuf::io::ColumnNumber column, const std::string& message) override
    {
        if (!m_has) {
            m_has = true;
            m_line = line + 1;
            m_column = column + 1;
            m_message = message;
        }
    }
    // libprotobuf reports a skipped field as a warning: ... has no field named "name".
    void AddWarning(int line, google::protobuf::io::ColumnNumber, const std::string& message) override
    {
        static const std::string kMarker = "has no field named \"";
        const auto at = message.find(kMarker);
        if (!m_unknown || at == std::string::npos) return;
        const auto begin = at + kMarker.size();
        const auto end = message.find('"', begin);
        m_unknown->push_back(UnknownField{message.substr(begin, end == std::string::npos ? std::string::npos : end - begin), line + 1});
    }
    std::vector<UnknownField>* m_unknown = nullptr;
    bool m_has = false;
    int m_line = 0, m_column = 0;
    std::string m_message;
};

} // namespace

Status parseText(std::string_view text, const std::string& fileName, google::protobuf::Message& message,
                 google::protobuf::TextFormat::ParseInfoTree* locations, std::vector<UnknownField>* unknown)
{
    if (text.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
        return makeError("io", "the file is too large", fileName);
    Collector errors;
    errors.m_unknown = unknown;
    google::protobuf::TextFormat::Parser parser;
    parser.AllowUnknownField(true);
    parser.AllowUnknownExtension(true);
    parser.SetRecursionLimit(100);
    parser.RecordErrorsTo(&errors);
    if (locations) parser.WriteLocationsTo(locations);
    if (!parser.ParseFromString(std::string(text), &message)) {
        if (errors.m_has)
            return makeError("syntax", errors.m_message,
                             fileName + ":" + std::to_string(errors.m_line) + ":" + std::to_string(errors.m_column));
        return makeError("syntax", "not a valid Caffe text file", fileName);
    }
    return Ok{};
}

} // namespace netsizer::core::caffe
