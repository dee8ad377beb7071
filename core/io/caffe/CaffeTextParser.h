#pragma once
// libprotobuf TextFormat parsing with errors turned into located core::Errors.

#include "core/util/Result.h"

#include <google/protobuf/message.h>
#include <google/protobuf/text_format.h>

#include <string>
#include <string_view>

namespace netsizer::core::caffe {

// Parses `text` into `message`, skipping fields the schema does not list. On failure the
// error's path is "file:line:column". `locations` (optional) receives field locations.
Status parseText(std::string_view text, const std::string& fileName, google::protobuf::Message& message,
                 google::protobuf::TextFormat::ParseInfoTree* locations = nullptr);

} // namespace netsizer::core::caffe
