// Writes every example model of tests/examples/ExampleModels.cpp into a folder
// (resources/examples/ in the repository). Usage: netsizer-make-examples OUTDIR
#include "core/io/NativeFormat.h"
#include "tests/examples/ExampleModels.h"

#include <fstream>
#include <iostream>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: netsizer-make-examples OUTDIR\n";
        return 2;
    }
    for (const auto& e : netsizer::testing::exampleModels()) {
        const std::string path = std::string(argv[1]) + "/" + e.fileName;
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << netsizer::core::writeNativeModel(e.model);
        if (!out) {
            std::cerr << path << ": cannot write\n";
            return 1;
        }
        std::cout << path << "\n";
    }
    return 0;
}
