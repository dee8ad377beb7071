#include "app/cli/Usage.h"

namespace netsizer::cli {

std::string usageText()
{
    return R"(netsizer-cli: GPU training memory of a neural network.

Usage:
  netsizer-cli estimate MODEL [--batch N] [--optimizer NAME] [--precision NAME]
                        [--framework pytorch|pytorch-cpu|caffe|tensorflow] [--mode train|inference]
                        [--gpu NAME | --gpu-memory SIZE] [--format table|json|csv]
                        [overhead options] [import options] [many-GPU options]
  netsizer-cli fit MODEL (--gpu NAME | --gpu-memory SIZE) [--safe] [same options]
  netsizer-cli advise MODEL (--gpu NAME | --gpu-memory SIZE) [--batch N] [same options]
                      [--format table|json]
  netsizer-cli validate MODEL MEASURED.json [--gpu NAME] [overhead options] [import options]
                        [--format table|json|csv]
  netsizer-cli layers [--format table|json]
  netsizer-cli gpus [--format table|json]
  netsizer-cli convert IN OUT [--to pytorch|keras|caffe|onnx|json] [--zero-weights]
                       [import options]
  netsizer-cli --help

Commands:
  estimate  the memory breakdown of MODEL at one batch size (native JSON, Keras/TF.js JSON,
            Hugging Face config.json, ONNX or Caffe prototxt)
  fit       the largest batch that fits the GPU, and the breakdown at that batch
  advise    what to change so that the batch fits the GPU (accumulation, mixed precision,
            more GPUs, another optimizer, freezing, a smaller input, a larger GPU), each
            re-estimated, with the options that reproduce it with estimate; with --gpus N,
            what makes every GPU rank fit (sharding, micro-batches, checkpointing, splitting
            the model, precision, offload, more GPUs)
  validate  compares MODEL's estimate with a measurement written by an exported PyTorch file
            (python3 model.py --out MEASURED.json; docs/measurement-format.md)
  layers    every layer kind with its inputs and attributes (type, default, range)
  gpus      the GPU presets: memory, architecture, CUDA context reserve
  convert   writes IN in the format of OUT's extension or --to (docs/export.md)

Options (the model file's "training" section supplies defaults; options override it):
  --batch N           mini-batch size, 1 to 65,536
  --optimizer NAME    sgd, sgd-momentum, nesterov, adam, adamw, adam-amsgrad, adagrad, rmsprop,
                      rmsprop-momentum, adadelta, adam-8bit, adamw-8bit, paged-adamw-8bit
                      (bitsandbytes), adafactor, lion
  --precision NAME    fp32, fp16, bf16, mixed-fp16, mixed-bf16, bf16-master (bf16 weights, fp32
                      gradients and an fp32 master copy in the optimizer: Megatron-LM, DeepSpeed)
  --framework NAME    pytorch (CUDA), pytorch-cpu, caffe, tensorflow (Keras; docs/tensorflow.md)
  --mode MODE         train or inference
  --gpu NAME          a preset from `netsizer-cli gpus` (case, spaces and dashes ignored)
  --gpu-memory SIZE   a custom GPU: 4GiB, 4GB, 4096MiB or bytes; the default CUDA context
                      reserve is assumed
  --format FORMAT     table (default), json or csv (docs/cli.md describes the fields)
  --safe              fit: the largest batch whose HIGH end of the error band fits
                      (default: the centre estimate)
  --accumulate K      gradient accumulation: K micro-batches of --batch per optimizer step
                      (Caffe: iter_size), 1 to 4,096
  --loss NAME         none (default: the loss keeps nothing), cross-entropy (log_softmax and
                      targets kept), chunked-cross-entropy (32-row chunks), fused-linear-cross-
                      entropy (Liger-Kernel: the logits never exist); docs/llm.md

Which weights train (matched against layer names; a pattern that matches nothing is an error):
  --freeze TEXT       freeze every layer whose name contains TEXT (repeatable)
  --train-only TEXT   freeze every layer whose name contains none of the TEXTs (repeatable)
  --train-last N      fine-tune the last N layers with weights, freeze the others

What the file cannot say (an eval-mode ONNX export has no Dropout; no format records in-place):
  --dropout LAYER=P   a Dropout of rate P after the layer named LAYER (repeatable)
  --inplace LAYER     the layer named LAYER (ReLU, LeakyReLU, ELU, …) runs in place (repeatable)

Sequence models (LLMs; docs/llm.md):
  --seq-len N         tokens per sample: the length of every int64 token-id Input (a Hugging
                      Face config.json is imported at N; default min(2048, its maximum))
  --attention MODE    eager (keeps the heads x S x S weights) or flash (FlashAttention: keeps
                      q, k, v, the output and a float32 log-sum-exp) for every attention layer
  MODEL may also be a preset name: gpt2, gpt2-medium, gpt2-large, gpt2-xl, llama-2-7b,
  llama-2-13b, llama-2-70b, llama-3-8b, llama-3-70b, mistral-7b (a file of that name wins)

LoRA / QLoRA (docs/llm.md):
  --lora-rank R       add LoRA adapters of rank R and freeze every other weight
  --lora-alpha A      scaling alpha / R (default 8; no effect on memory)
  --lora-targets LIST Linear layers to adapt, comma-separated name suffixes (default
                      q_proj,v_proj) or all-linear (every Linear but the output layer)
  --lora-dropout P    dropout on the adapter input (default 0: none)
  --base-dtype T      frozen weights stored as fp32, bf16 or fp16 (default: the precision's)
  --quantize Q        frozen Linear weights (not the output layer) as none, nf4 (QLoRA,
                      bitsandbytes 4-bit) or int8 (LLM.int8); --double-quant: NF4 double
                      quantisation of the block constants

Many GPUs (estimate, fit, advise; per-rank figures; docs/parallelism.md):
  --gpus N            GPUs in all (tensor x pipeline x context x data-parallel); --batch is the
                      global batch of all data-parallel ranks
  --nodes M           nodes (must divide N)
  --parallel NAME     ddp, zero1, zero2, zero3, fsdp or fsdp2 (data-parallel model states)
  --tp T, --pp P      tensor-parallel size, pipeline stages; --sp: sequence parallel
  --cp C              context parallel (ring attention): each rank holds 1/C of every
                      sequence's tokens; the sequence length must divide by 2 x C
  --microbatches K    micro-batches per step and rank; --schedule 1f1b (default), gpipe or
                      interleaved (Megatron's virtual pipeline; --virtual-stages V model chunks
                      per stage, at least 2)
  --offload WHAT      optimizer, params or both (to host memory; params: zero3/fsdp/fsdp2)

Overhead options (the model's "training.overheads" supplies defaults; options override it):
  --context SIZE          CUDA context reserve (default: the GPU preset's, else 400 MiB)
  --workspace-cap SIZE    convolution workspace cap; when given it enters the estimate
                          (default: unset, PyTorch band 0 .. 4 x 8 MiB; Caffe: its column buffer)
  --allocator-rounding    count PyTorch's caching-allocator rounding in the estimate
  --no-allocator-rounding leave it to the error band only (the default)
  --fragmentation PCT     fragmentation reserve, % of the tensors (default 0; band up to 10)

Import options:
  --solver FILE           a Caffe solver.prototxt: optimizer and momentum (a solver beside the
                          net is never picked up by itself)
  --input-shape [NAME=]DxDxD  per-sample shape (no batch axis) of an input: a Caffe data
                          layer's top blob (NAME required), or an Input layer of other files
                          (NAME optional when there is one input); repeatable

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
