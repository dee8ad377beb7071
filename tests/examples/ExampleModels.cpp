#include "tests/examples/ExampleModels.h"

#include "core/graph/GraphBuilder.h"
#include "tests/core/ReferenceNets.h"
#include "tests/core/ReferenceSeqNets.h"

namespace netsizer::testing {
namespace {

using namespace core;

// The student's question: a small CNN on a 180 × 50 grayscale image (e.g. a captcha or a line
// of text). Three conv → ReLU → max-pool stages, then a wide fully connected layer.
Graph cnn180x50()
{
    GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", IntList{1, 180, 50}}});
    LayerId prev = x;
    std::int64_t channels[] = {32, 64, 128};
    for (int i = 0; i < 3; ++i) {
        const std::string n = std::to_string(i + 1);
        auto c = b.add("Conv2D", "conv" + n, {prev},
                       {{"filters", channels[i]}, {"kernel_size", std::int64_t{3}}, {"padding", std::int64_t{1}}});
        auto r = b.add("ReLU", "relu" + n, {c}, {{"inplace", true}});
        prev = b.add("MaxPool2D", "pool" + n, {r}, {{"kernel_size", std::int64_t{2}}});
    }
    auto f = b.add("Flatten", "flatten", {prev});
    auto d1 = b.add("Dense", "fc1", {f}, {{"units", std::int64_t{1024}}});
    auto r = b.add("ReLU", "relu4", {d1}, {{"inplace", true}});
    auto dr = b.add("Dropout", "dropout", {r}, {{"p", 0.5}});
    b.add("Dense", "fc2", {dr}, {{"units", std::int64_t{36}}});
    Graph g = b.take();
    g.name = "CNN 180×50";
    return g;
}

ModelFile withTraining(Graph g, std::string description, std::uint64_t batch)
{
    ModelFile m;
    m.graph = std::move(g);
    m.description = std::move(description);
    TrainingConfig t;
    t.batch = batch;
    m.training = t;
    return m;
}

ExampleModel fromReference(const std::string& file, const std::string& truth, const std::string& title,
                           const std::string& description, std::uint64_t batch)
{
    ReferenceNet r = referenceNet(truth);
    r.graph.name = title;
    return {file, truth, r.publishedParams, withTraining(std::move(r.graph), description, batch)};
}

} // namespace

std::vector<ExampleModel> exampleModels()
{
    std::vector<ExampleModel> out;
    out.push_back(fromReference("lenet5.json", "lenet5", "LeNet-5",
                                "LeNet-5 on 1×32×32 (tanh, average pooling), 61,706 parameters.", 64));
    out.push_back(fromReference("alexnet.json", "alexnet", "AlexNet",
                                "AlexNet as torchvision 0.14 defines it, 61,100,840 parameters.", 128));
    out.push_back(fromReference("vgg16.json", "vgg16", "VGG16",
                                "VGG16 as torchvision 0.14 defines it (ReLU in place), 138,357,544 parameters.", 32));
    out.push_back(fromReference("resnet18.json", "resnet18", "ResNet-18", "ResNet-18 (torchvision 0.14), 11,689,512 parameters.", 64));
    out.push_back(fromReference("resnet50.json", "resnet50", "ResNet-50", "ResNet-50 (torchvision 0.14), 25,557,032 parameters.", 32));
    out.push_back(fromReference("mobilenet_v2.json", "mobilenet_v2", "MobileNetV2",
                                "MobileNetV2 (torchvision 0.14), 3,504,872 parameters.", 64));
    out.push_back(fromReference("unet_small.json", "unet_small", "U-Net (small)",
                                "A small U-Net for 1×128×128 segmentation (16-32-64-128-256 channels), 1,942,289 parameters.", 16));
    {
        Graph g = netsizer::test::lstmLanguageModel();
        g.name = "LSTM language model";
        out.push_back({"lstm_lm.json", "lstm_lm", 11368208,
                       withTraining(std::move(g), "Word-level LSTM LM: Embedding 10,000×256, 2-layer LSTM 512, 35 tokens.", 64)});
    }
    {
        Graph g = netsizer::test::transformerClassifier();
        g.name = "Transformer encoder";
        out.push_back({"transformer_encoder.json", "transformer_encoder_cls", 24104970,
                       withTraining(std::move(g), "6-layer Transformer encoder classifier (d_model 512, 8 heads), 128 tokens.", 32)});
    }
    {
        Graph g = netsizer::test::gpt2Small();
        g.name = "GPT-2 small";
        out.push_back({"gpt2_small.json", "", 124439808,
                       withTraining(std::move(g), "GPT-2 small (124M), 1,024 tokens, LM head tied to the token embedding.", 8)});
    }
    out.push_back({"cnn_180x50.json", "", 0,
                   withTraining(cnn180x50(), "A small CNN on a 180×50×1 grayscale input: why does batch 128 need more than "
                                             "the forward activations suggest?", 128)});
    return out;
}

} // namespace netsizer::testing
