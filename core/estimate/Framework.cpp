#include "core/estimate/Framework.h"

namespace netsizer::core {

const std::vector<FrameworkInfo>& allFrameworks()
{
    static const std::vector<FrameworkInfo> all = {
        {Framework::PyTorch, "pytorch", "PyTorch (CUDA)", Profile::PyTorchCuda, true},
        {Framework::PyTorchCpu, "pytorch-cpu", "PyTorch (CPU)", Profile::PyTorchCpu, false},
        {Framework::Caffe, "caffe", "Caffe", Profile::Caffe, true},
        {Framework::TensorFlow, "tensorflow", "TensorFlow (Keras)", Profile::TensorFlow, true},
    };
    return all;
}

const FrameworkInfo& frameworkInfo(Framework f)
{
    return allFrameworks()[static_cast<std::size_t>(f)];
}

std::optional<Framework> parseFramework(std::string_view name)
{
    for (const auto& i : allFrameworks())
        if (name == i.name) return i.framework;
    return std::nullopt;
}

std::string frameworkNameList()
{
    std::string out;
    for (const auto& i : allFrameworks()) out += (out.empty() ? "" : ", ") + std::string(i.name);
    return out;
}

} // namespace netsizer::core
