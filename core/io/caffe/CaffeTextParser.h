#pragma once
// libprotobuf TextFormat parsing with errors turned into located core::Errors.

#include "core/util/Result.h"

#include <google/protobuf/message.h>
#include <google/protobuf/text_format.h>

#include <string>
#include <string_view>
#include <vector>

namespace netsizer::core::caffe {

// A field the schema (caffe_subset.proto) does not list: a Caffe field NetSizer does not model,
// or a typo. `line` is 1-based.
struct UnknownField {
    std::string name;
    int line = 0;
};

// Parses `text` into `message`, skipping fields the schema does not list (each one is appended
// to `unknown` when given). On failure the error's path is "file:line:column". `locations`
// (optional) receives field locations.
Status parseText(std::string_view text, const std::string& fileName, google::protobuf::Message& message,
                 google::protobuf::TextFormat::ParseInfoTree* locations = nullptr,
                 std::vector<UnknownField>* unknown = nullptr);

} // namespace netsizer::core::caffe
