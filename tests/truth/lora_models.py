"""LoRA adapters on the LLaMA-style decoder of llm_models.py, for ../shared/truth/truth.py.

The adapter is Hugging Face PEFT's lora.Linear as huggingface/peft has it at commit
5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40 (src/peft/tuners/lora/layer.py, Linear.forward and
LoraLayer.update_layer; src/peft/tuners/tuners_utils.py _cast_input_dtype):

    result = base_layer(x)
    x = x.to(lora_A.weight.dtype)           # only when the dtypes differ
    result = result + lora_B(lora_A(dropout(x))) * scaling

lora_A = nn.Linear(in, r, bias=False), lora_B = nn.Linear(r, out, bias=False), dropout
nn.Dropout(p) for p > 0 else nn.Identity(), scaling = alpha / r.  get_peft_model freezes every
base parameter (embeddings, norms and lm_head included); only lora_A / lora_B train.
"all-linear" targets every nn.Linear but the output layer (peft's INCLUDE_LINEAR_LAYERS_SHORTHAND:
lm_head is excluded).

Two networks, both the llm_llama_gqa sizes (vocab 320, hidden 64, 2 layers, 4 heads, 2 KV heads,
SwiGLU 176, sequence 32):
* lora_llama_qv    r 8, alpha 16, q_proj and v_proj, no dropout.
* lora_llama_all   r 4, alpha 8, all-linear (q, k, v, o, gate, up, down), dropout 0.1.

Copy this file and llm_models.py beside truth.py and models.py, this one as extra_models.py.
"""

import torch.nn as nn

from models import ModelSpec
from llm_models import LlamaConfig, LlamaForCausalLM, SEQ, _llama_params


class LoraLinear(nn.Module):
    def __init__(self, base, r, alpha, dropout):
        super().__init__()
        self.base_layer = base
        self.lora_A = nn.Linear(base.in_features, r, bias=False)
        self.lora_B = nn.Linear(r, base.out_features, bias=False)
        nn.init.zeros_(self.lora_B.weight)
        self.lora_dropout = nn.Dropout(p=dropout) if dropout > 0.0 else nn.Identity()
        self.scaling = alpha / r

    def forward(self, x):
        result = self.base_layer(x)
        torch_result_dtype = result.dtype
        if x.dtype != self.lora_A.weight.dtype:
            x = x.to(self.lora_A.weight.dtype)
        result = result + self.lora_B(self.lora_A(self.lora_dropout(x))) * self.scaling
        return result.to(torch_result_dtype)


def with_lora(model, targets, r, alpha, dropout):
    for p in model.parameters():
        p.requires_grad_(False)
    for name, module in list(model.named_modules()):
        for child_name, child in list(module.named_children()):
            if isinstance(child, nn.Linear) and child_name in targets:
                setattr(module, child_name, LoraLinear(child, r, alpha, dropout))
    return model


ALL_LINEAR = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
SRC = "custom (tests/truth/lora_models.py: PEFT lora.Linear on llm_models.py's LLaMA)"
HAND = "hand count: llm_llama_gqa + r·(in + out) per adapted Linear"
BASE = _llama_params(320, 64, 176, 2, 4, 2, False)
# q_proj 64→64, v_proj 64→32 (2 KV heads × 16); k_proj 64→32, o_proj 64→64, gate/up 64→176, down 176→64
QV = 2 * (8 * (64 + 64) + 8 * (64 + 32))
ALL = 2 * 4 * ((64 + 64) + (64 + 32) + (64 + 32) + (64 + 64) + 2 * (64 + 176) + (176 + 64))
ZOO = {
    "lora_llama_qv": ModelSpec(lambda: with_lora(LlamaForCausalLM(LlamaConfig(num_key_value_heads=2)),
                                                 ("q_proj", "v_proj"), 8, 16, 0.0), (SEQ,),
                               input_kind="tokens:320", source=SRC, expected_params=BASE + QV, expected_source=HAND),
    "lora_llama_all": ModelSpec(lambda: with_lora(LlamaForCausalLM(LlamaConfig(num_key_value_heads=2)),
                                                  ALL_LINEAR, 4, 8, 0.1), (SEQ,),
                                input_kind="tokens:320", source=SRC, expected_params=BASE + ALL, expected_source=HAND),
}
