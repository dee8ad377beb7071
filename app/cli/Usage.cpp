#include "app/cli/Usage.h"

namespace netsizer::cli {

std::string usageText()
{
    return R"(netsizer-cli: GPU training memory of a neural network.

Usage:
  netsizer-cli estimate MODEL [--batch N] [--optimizer NAME] [--precision NAME]
                        [--framework pytorch|pytorch-cpu|caffe] [--mode train|inference]
                        [--gpu NAME | --gpu-memory SIZE] [--format table|json|csv]
  netsizer-cli fit MODEL (--gpu NAME | --gpu-memory SIZE) [same options]
  netsizer-cli layers [--format table|json]
  netsizer-cli gpus [--format table|json]
  netsizer-cli convert IN OUT [--to pytorch|keras|caffe|onnx|json] [--zero-weights]
  netsizer-cli --help

Commands:
  estimate  the memory breakdown of MODEL (a netsizer-model JSON file) at one batch size
  fit       the largest batch that fits the GPU, and the breakdown at that batch
  layers    every layer kind with its inputs and attributes (type, default, range)
  gpus      the GPU presets: memory, architecture, CUDA context reserve
  convert   writes IN in the format of OUT's extension or --to (docs/export.md)

Options (the model file's "training" section supplies defaults; options override it):
  --batch N           mini-batch size, 1 to 65,536
  --optimizer NAME    sgd, sgd-momentum, nesterov, adam, adamw, adam-amsgrad, adagrad, rmsprop,
                      rmsprop-momentum, adadelta
  --precision NAME    fp32, fp16, bf16, mixed-fp16, mixed-bf16
  --framework NAME    pytorch (CUDA), pytorch-cpu, caffe
  --mode MODE         train or inference
  --gpu NAME          a preset from `netsizer-cli gpus` (case, spaces and dashes ignored)
  --gpu-memory SIZE   a custom GPU: 4GiB, 4GB, 4096MiB or bytes; the default CUDA context
                      reserve is assumed
  --format FORMAT     table (default), json or csv (docs/cli.md describes the fields)

Exit status: 0 on success (also when the model does not fit), 2 on a bad file or bad arguments,
with one line on stderr naming the file and the place.
)";
}

std::string errorLine(const core::Error& error)
{
    if (error.code == "usage") return "netsizer-cli: " + error.describe();
    return error.describe();
}

} // namespace netsizer::cli
