#pragma once
// The example models shipped in resources/examples/, built from the same reference builders the
// truth tests check against ../shared/truth. netsizer-make-examples writes them; test_examples
// checks that the shipped files are exactly what the builders produce.

#include "core/io/ModelFile.h"

#include <string>
#include <vector>

namespace netsizer::testing {

struct ExampleModel {
    std::string fileName;  // "vgg16.json"
    std::string truthName; // file stem in ../shared/truth/out, or empty
    core::Count publishedParams = 0;
    core::ModelFile model;
};

// Every example, in a stable order.
std::vector<ExampleModel> exampleModels();

} // namespace netsizer::testing
