"""LLM-shaped decoders for the memory ground-truth harness (../shared/truth/truth.py).

torch 1.13 has neither nn.RMSNorm nor scaled_dot_product_attention, and the harness has no
`transformers`, so the Hugging Face modules are written out here op for op as Hugging Face
transformers has them at commit 002272831fba584eb30dca9729c1be456836960a (v4.38 era):
src/transformers/models/llama/modeling_llama.py (LlamaRMSNorm, LlamaRotaryEmbedding,
rotate_half, apply_rotary_pos_emb, LlamaMLP, repeat_kv, LlamaAttention eager path, LlamaModel,
LlamaForCausalLM) and src/transformers/models/gpt2/modeling_gpt2.py with
src/transformers/pytorch_utils.py Conv1D and src/transformers/activations.py NewGELUActivation
(GPT-2's `gelu_new`).  Module names are Hugging Face's (model.layers.0.self_attn.q_proj,
transformer.h.0.attn.c_attn, ...).  What is left out changes no saved tensor: the KV cache,
output_attentions, padding masks (the harness feeds full sequences, so the causal mask is the
only mask), pretraining_tp > 1, gradient checkpointing.

Four networks (each small enough to measure in seconds):
* llm_llama_gqa   LLaMA-style: vocab 320, hidden 64, 2 layers, 4 heads, 2 KV heads (GQA,
                  n_rep 2), SwiGLU intermediate 176, RMSNorm eps 1e-6, rotary theta 10000,
                  untied lm_head, sequence 32.
* llm_llama_mha   the same with 4 KV heads (n_rep 1: repeat_kv returns its input unchanged,
                  as LLaMA-2-7B), and tied embeddings (lm_head.weight is embed_tokens.weight).
* llm_llama_mqa   the same with 1 KV head (multi-query attention, n_rep 4).
* llm_gpt2        GPT-2-style: vocab 320, n_embd 64, 2 layers, 4 heads, n_positions 64,
                  dropout 0.1 everywhere (HF's defaults: embd/attn/resid_pdrop), gelu_new,
                  LayerNorm eps 1e-5, lm_head tied to wte, sequence 32.

NetSizer builds them from Hugging Face config.json files (tests/truth/hf_configs/<name>.json)
through its own importer; tst_truth_llm compares.  The layer lists are part of the ground
truth, so re-run the measurement after any change (tests/truth/README.md).
Copy this file beside truth.py and models.py under the name extra_models.py: truth.py merges ZOO.
"""

import math

import torch
import torch.nn as nn

from models import ModelSpec


class LlamaConfig:
    def __init__(self, vocab_size=320, hidden_size=64, intermediate_size=176, num_hidden_layers=2,
                 num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=128,
                 rms_norm_eps=1e-6, rope_theta=10000.0, tie_word_embeddings=False):
        self.vocab_size = vocab_size
        self.hidden_size = hidden_size
        self.intermediate_size = intermediate_size
        self.num_hidden_layers = num_hidden_layers
        self.num_attention_heads = num_attention_heads
        self.num_key_value_heads = num_key_value_heads
        self.max_position_embeddings = max_position_embeddings
        self.rms_norm_eps = rms_norm_eps
        self.rope_theta = rope_theta
        self.tie_word_embeddings = tie_word_embeddings
        self.attention_dropout = 0.0
        self.attention_bias = False


class LlamaRMSNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, hidden_states):
        input_dtype = hidden_states.dtype
        hidden_states = hidden_states.to(torch.float32)
        variance = hidden_states.pow(2).mean(-1, keepdim=True)
        hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        return self.weight * hidden_states.to(input_dtype)


class LlamaRotaryEmbedding(nn.Module):
    def __init__(self, dim, max_position_embeddings=2048, base=10000):
        super().__init__()
        self.dim = dim
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        t = torch.arange(max_position_embeddings, dtype=torch.int64).type_as(inv_freq)
        freqs = torch.outer(t, inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        # "For BC we register cos and sin cached" (unused by forward, but they occupy memory)
        self.register_buffer("_cos_cached", emb.cos().to(torch.get_default_dtype()), persistent=False)
        self.register_buffer("_sin_cached", emb.sin().to(torch.get_default_dtype()), persistent=False)

    @torch.no_grad()
    def forward(self, x, position_ids):
        inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
        position_ids_expanded = position_ids[:, None, :].float()
        with torch.autocast(device_type="cpu", enabled=False):
            freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
            emb = torch.cat((freqs, freqs), dim=-1)
            cos = emb.cos()
            sin = emb.sin()
        return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(q, k, cos, sin, unsqueeze_dim=1):
    cos = cos.unsqueeze(unsqueeze_dim)
    sin = sin.unsqueeze(unsqueeze_dim)
    q_embed = (q * cos) + (rotate_half(q) * sin)
    k_embed = (k * cos) + (rotate_half(k) * sin)
    return q_embed, k_embed


class LlamaMLP(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.gate_proj = nn.Linear(config.hidden_size, config.intermediate_size, bias=False)
        self.up_proj = nn.Linear(config.hidden_size, config.intermediate_size, bias=False)
        self.down_proj = nn.Linear(config.intermediate_size, config.hidden_size, bias=False)
        self.act_fn = nn.SiLU()  # ACT2FN["silu"]

    def forward(self, x):
        return self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))


def repeat_kv(hidden_states, n_rep):
    batch, num_key_value_heads, slen, head_dim = hidden_states.shape
    if n_rep == 1:
        return hidden_states
    hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
    return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)


class LlamaAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attention_dropout = config.attention_dropout
        self.hidden_size = config.hidden_size
        self.num_heads = config.num_attention_heads
        self.head_dim = self.hidden_size // self.num_heads
        self.num_key_value_heads = config.num_key_value_heads
        self.num_key_value_groups = self.num_heads // self.num_key_value_heads
        self.q_proj = nn.Linear(self.hidden_size, self.num_heads * self.head_dim, bias=config.attention_bias)
        self.k_proj = nn.Linear(self.hidden_size, self.num_key_value_heads * self.head_dim, bias=config.attention_bias)
        self.v_proj = nn.Linear(self.hidden_size, self.num_key_value_heads * self.head_dim, bias=config.attention_bias)
        self.o_proj = nn.Linear(self.hidden_size, self.hidden_size, bias=config.attention_bias)
        self.rotary_emb = LlamaRotaryEmbedding(self.head_dim, config.max_position_embeddings, config.rope_theta)

    def forward(self, hidden_states, attention_mask, position_ids):
        bsz, q_len, _ = hidden_states.size()
        query_states = self.q_proj(hidden_states)
        key_states = self.k_proj(hidden_states)
        value_states = self.v_proj(hidden_states)
        query_states = query_states.view(bsz, q_len, self.num_heads, self.head_dim).transpose(1, 2)
        key_states = key_states.view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
        value_states = value_states.view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
        cos, sin = self.rotary_emb(value_states, position_ids)
        query_states, key_states = apply_rotary_pos_emb(query_states, key_states, cos, sin)
        key_states = repeat_kv(key_states, self.num_key_value_groups)
        value_states = repeat_kv(value_states, self.num_key_value_groups)
        attn_weights = torch.matmul(query_states, key_states.transpose(2, 3)) / math.sqrt(self.head_dim)
        attn_weights = attn_weights + attention_mask
        attn_weights = nn.functional.softmax(attn_weights, dim=-1, dtype=torch.float32).to(query_states.dtype)
        attn_weights = nn.functional.dropout(attn_weights, p=self.attention_dropout, training=self.training)
        attn_output = torch.matmul(attn_weights, value_states)
        attn_output = attn_output.transpose(1, 2).contiguous()
        attn_output = attn_output.reshape(bsz, q_len, self.hidden_size)
        return self.o_proj(attn_output)


class LlamaDecoderLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.self_attn = LlamaAttention(config)
        self.mlp = LlamaMLP(config)
        self.input_layernorm = LlamaRMSNorm(config.hidden_size, eps=config.rms_norm_eps)
        self.post_attention_layernorm = LlamaRMSNorm(config.hidden_size, eps=config.rms_norm_eps)

    def forward(self, hidden_states, attention_mask, position_ids):
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        hidden_states = self.self_attn(hidden_states, attention_mask, position_ids)
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.post_attention_layernorm(hidden_states)
        hidden_states = self.mlp(hidden_states)
        return residual + hidden_states


class LlamaModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.embed_tokens = nn.Embedding(config.vocab_size, config.hidden_size)
        self.layers = nn.ModuleList([LlamaDecoderLayer(config) for _ in range(config.num_hidden_layers)])
        self.norm = LlamaRMSNorm(config.hidden_size, eps=config.rms_norm_eps)

    def forward(self, input_ids):
        inputs_embeds = self.embed_tokens(input_ids)
        seq = inputs_embeds.shape[1]
        cache_position = torch.arange(0, seq, device=inputs_embeds.device)
        position_ids = cache_position.unsqueeze(0)
        # _update_causal_mask: an additive [B, 1, S, S] mask of the dtype's minimum above the diagonal
        dtype = inputs_embeds.dtype
        causal_mask = torch.full((seq, seq), torch.finfo(dtype).min, dtype=dtype).triu(1)
        causal_mask = causal_mask[None, None, :, :].expand(input_ids.shape[0], 1, -1, -1)
        hidden_states = inputs_embeds
        for layer in self.layers:
            hidden_states = layer(hidden_states, causal_mask, position_ids)
        return self.norm(hidden_states)


class LlamaForCausalLM(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.model = LlamaModel(config)
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size, bias=False)
        if config.tie_word_embeddings:
            self.lm_head.weight = self.model.embed_tokens.weight

    def forward(self, input_ids):
        logits = self.lm_head(self.model(input_ids))
        return logits.float()


# --------------------------------------------------------------------------------------------
# GPT-2
# --------------------------------------------------------------------------------------------
class Conv1D(nn.Module):
    """transformers.pytorch_utils.Conv1D: a Linear with a transposed [nx, nf] weight."""

    def __init__(self, nf, nx):
        super().__init__()
        self.nf = nf
        self.weight = nn.Parameter(torch.empty(nx, nf))
        self.bias = nn.Parameter(torch.zeros(nf))
        nn.init.normal_(self.weight, std=0.02)

    def forward(self, x):
        size_out = x.size()[:-1] + (self.nf,)
        x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        return x.view(size_out)


class NewGELUActivation(nn.Module):
    def forward(self, input):
        return 0.5 * input * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * torch.pow(input, 3.0))))


class GPT2Attention(nn.Module):
    def __init__(self, n_embd, n_head, n_positions, pdrop):
        super().__init__()
        self.register_buffer("bias", torch.tril(torch.ones((n_positions, n_positions), dtype=torch.bool)).view(
            1, 1, n_positions, n_positions), persistent=False)
        self.register_buffer("masked_bias", torch.tensor(-1e4), persistent=False)
        self.embed_dim = n_embd
        self.num_heads = n_head
        self.head_dim = n_embd // n_head
        self.split_size = n_embd
        self.c_attn = Conv1D(3 * n_embd, n_embd)
        self.c_proj = Conv1D(n_embd, n_embd)
        self.attn_dropout = nn.Dropout(pdrop)
        self.resid_dropout = nn.Dropout(pdrop)

    def _attn(self, query, key, value):
        attn_weights = torch.matmul(query, key.transpose(-1, -2))
        attn_weights = attn_weights / torch.full([], value.size(-1) ** 0.5, dtype=attn_weights.dtype,
                                                 device=attn_weights.device)
        query_length, key_length = query.size(-2), key.size(-2)
        causal_mask = self.bias[:, :, key_length - query_length: key_length, :key_length]
        mask_value = torch.finfo(attn_weights.dtype).min
        mask_value = torch.full([], mask_value, dtype=attn_weights.dtype, device=attn_weights.device)
        attn_weights = torch.where(causal_mask, attn_weights.to(attn_weights.dtype), mask_value)
        attn_weights = nn.functional.softmax(attn_weights, dim=-1)
        attn_weights = attn_weights.type(value.dtype)
        attn_weights = self.attn_dropout(attn_weights)
        return torch.matmul(attn_weights, value)

    def _split_heads(self, tensor, num_heads, attn_head_size):
        new_shape = tensor.size()[:-1] + (num_heads, attn_head_size)
        tensor = tensor.view(new_shape)
        return tensor.permute(0, 2, 1, 3)

    def _merge_heads(self, tensor, num_heads, attn_head_size):
        tensor = tensor.permute(0, 2, 1, 3).contiguous()
        new_shape = tensor.size()[:-2] + (num_heads * attn_head_size,)
        return tensor.view(new_shape)

    def forward(self, hidden_states):
        query, key, value = self.c_attn(hidden_states).split(self.split_size, dim=2)
        query = self._split_heads(query, self.num_heads, self.head_dim)
        key = self._split_heads(key, self.num_heads, self.head_dim)
        value = self._split_heads(value, self.num_heads, self.head_dim)
        attn_output = self._attn(query, key, value)
        attn_output = self._merge_heads(attn_output, self.num_heads, self.head_dim)
        attn_output = self.c_proj(attn_output)
        return self.resid_dropout(attn_output)


class GPT2MLP(nn.Module):
    def __init__(self, intermediate_size, n_embd, pdrop):
        super().__init__()
        self.c_fc = Conv1D(intermediate_size, n_embd)
        self.c_proj = Conv1D(n_embd, intermediate_size)
        self.act = NewGELUActivation()
        self.dropout = nn.Dropout(pdrop)

    def forward(self, hidden_states):
        hidden_states = self.c_fc(hidden_states)
        hidden_states = self.act(hidden_states)
        hidden_states = self.c_proj(hidden_states)
        return self.dropout(hidden_states)


class GPT2Block(nn.Module):
    def __init__(self, n_embd, n_head, n_positions, pdrop, eps):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd, eps=eps)
        self.attn = GPT2Attention(n_embd, n_head, n_positions, pdrop)
        self.ln_2 = nn.LayerNorm(n_embd, eps=eps)
        self.mlp = GPT2MLP(4 * n_embd, n_embd, pdrop)

    def forward(self, hidden_states):
        residual = hidden_states
        hidden_states = self.ln_1(hidden_states)
        hidden_states = self.attn(hidden_states) + residual
        residual = hidden_states
        hidden_states = self.ln_2(hidden_states)
        return residual + self.mlp(hidden_states)


class GPT2Model(nn.Module):
    def __init__(self, vocab, n_embd, n_layer, n_head, n_positions, pdrop, eps):
        super().__init__()
        self.wte = nn.Embedding(vocab, n_embd)
        self.wpe = nn.Embedding(n_positions, n_embd)
        self.drop = nn.Dropout(pdrop)
        self.h = nn.ModuleList([GPT2Block(n_embd, n_head, n_positions, pdrop, eps) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(n_embd, eps=eps)

    def forward(self, input_ids):
        seq = input_ids.shape[-1]
        position_ids = torch.arange(0, seq, dtype=torch.long, device=input_ids.device).unsqueeze(0)
        hidden_states = self.wte(input_ids) + self.wpe(position_ids)
        hidden_states = self.drop(hidden_states)
        for block in self.h:
            hidden_states = block(hidden_states)
        return self.ln_f(hidden_states)


class GPT2LMHeadModel(nn.Module):
    def __init__(self, vocab=320, n_embd=64, n_layer=2, n_head=4, n_positions=64, pdrop=0.1, eps=1e-5):
        super().__init__()
        self.transformer = GPT2Model(vocab, n_embd, n_layer, n_head, n_positions, pdrop, eps)
        self.lm_head = nn.Linear(n_embd, vocab, bias=False)
        self.lm_head.weight = self.transformer.wte.weight

    def forward(self, input_ids):
        return self.lm_head(self.transformer(input_ids))


def _llama_params(vocab, hidden, inter, layers, heads, kv_heads, tied):
    """embed V·E; per layer q,o E·E, k,v E·(kv·d), gate/up/down 3·E·I, two norms 2·E; final norm E;
    lm_head V·E unless tied."""
    d = hidden // heads
    per_layer = 2 * hidden * hidden + 2 * hidden * kv_heads * d + 3 * hidden * inter + 2 * hidden
    return vocab * hidden + layers * per_layer + hidden + (0 if tied else vocab * hidden)


def _gpt2_params(vocab, n_embd, n_layer, n_positions):
    """wte V·E + wpe P·E; per block ln 4·E, c_attn 3E²+3E, c_proj E²+E, c_fc 4E²+4E, c_proj 4E²+E;
    ln_f 2E; lm_head tied."""
    e = n_embd
    return vocab * e + n_positions * e + n_layer * (12 * e * e + 13 * e) + 2 * e


SRC = "custom (tests/truth/llm_models.py, Hugging Face modules written out)"
HAND = "hand count (llm_models.py _llama_params / _gpt2_params)"
SEQ = 32
ZOO = {
    "llm_llama_gqa": ModelSpec(lambda: LlamaForCausalLM(LlamaConfig(num_key_value_heads=2)), (SEQ,),
                               input_kind="tokens:320", source=SRC,
                               expected_params=_llama_params(320, 64, 176, 2, 4, 2, False), expected_source=HAND),
    "llm_llama_mha": ModelSpec(lambda: LlamaForCausalLM(LlamaConfig(num_key_value_heads=4, tie_word_embeddings=True)),
                               (SEQ,), input_kind="tokens:320", source=SRC,
                               expected_params=_llama_params(320, 64, 176, 2, 4, 4, True), expected_source=HAND),
    "llm_llama_mqa": ModelSpec(lambda: LlamaForCausalLM(LlamaConfig(num_key_value_heads=1)), (SEQ,),
                               input_kind="tokens:320", source=SRC,
                               expected_params=_llama_params(320, 64, 176, 2, 4, 1, False), expected_source=HAND),
    "llm_gpt2": ModelSpec(lambda: GPT2LMHeadModel(), (SEQ,), input_kind="tokens:320", source=SRC,
                          expected_params=_gpt2_params(320, 64, 2, 64), expected_source=HAND),
}
