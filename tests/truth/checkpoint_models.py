"""Checkpointed networks for the memory ground-truth harness (../shared/truth/truth.py).

Three small networks, each in two variants: `ck_<net>` runs some of its modules through
torch.utils.checkpoint.checkpoint(module, x, use_reentrant=True) and `ck_<net>_plain` is the same
network without checkpointing (same layers, same parameters).  use_reentrant=True is the torch
1.13 default; with it CheckpointFunction saves the segment's input through ctx.save_for_backward,
which truth.py's saved_tensors_hooks see.  (The non-reentrant variant keeps its inputs alive in
a closure and installs its own saved-tensor hooks, so an outer hook sees neither the inputs nor
the segment's saves: not measurable this way.)  A segment fed by the model input is never
checkpointed: with use_reentrant=True no input would require a gradient and the segment's
parameters would get none.

NetSizer builds the same networks in tests/core/ReferenceCheckpointNets.cpp; the layer lists
are part of the ground truth, so re-run the measurement after any change (tests/truth/README.md).
Copy this file beside truth.py and models.py under the name extra_models.py: truth.py merges ZOO.
"""

import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint

from models import ModelSpec


def _run(module, x, ck):
    return checkpoint(module, x, use_reentrant=True) if ck else module(x)


class BasicBlock(nn.Module):
    """torchvision's BasicBlock: conv3x3-BN-ReLU(inplace)-conv3x3-BN, + identity (1x1 conv + BN
    when the shape changes), ReLU(inplace)."""

    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        y = self.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        y += self.down(x) if self.down is not None else x
        return self.relu(y)


class ResNetStages(nn.Module):
    """[3, 32, 32]: stem conv(3,16,3,p1,no bias)-BN-ReLU; stage1 BasicBlock(16,16);
    stage2 BasicBlock(16,32,s2); stage3 BasicBlock(32,64,s2); AdaptiveAvgPool2d(1) - Flatten
    - Linear(64,10).  Checkpointed: stage1, stage2, stage3."""

    def __init__(self, ck=True):
        super().__init__()
        self.ck = ck
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, 1, 1, bias=False), nn.BatchNorm2d(16), nn.ReLU(inplace=True))
        self.stage1 = BasicBlock(16, 16, 1)
        self.stage2 = BasicBlock(16, 32, 2)
        self.stage3 = BasicBlock(32, 64, 2)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.flatten = nn.Flatten()
        self.fc = nn.Linear(64, 10)

    def forward(self, x):
        x = self.stem(x)
        for s in (self.stage1, self.stage2, self.stage3):
            x = _run(s, x, self.ck)
        return self.fc(self.flatten(self.pool(x)))


class Block(nn.Module):
    """Pre-LN transformer block: x + MHA(LN(x)) (64 wide, 4 heads, dropout 0.1, batch_first,
    need_weights=True: the averaged weights are returned and dropped); x + fc2(GELU(fc1(LN(x))))
    with fc1 64->128, fc2 128->64."""

    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(64)
        self.attn = nn.MultiheadAttention(64, 4, dropout=0.1, batch_first=True)
        self.ln2 = nn.LayerNorm(64)
        self.fc1 = nn.Linear(64, 128)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(128, 64)

    def forward(self, x):
        h = self.ln1(x)
        a, _ = self.attn(h, h, h, need_weights=True)
        x = x + a
        return x + self.fc2(self.act(self.fc1(self.ln2(x))))


class TransformerBlocks(nn.Module):
    """Tokens [16] (vocab 500): Embedding(500,64) - 3 Blocks - LayerNorm(64) - mean over tokens
    - Linear(64,10).  Checkpointed: block0, block1, block2."""

    def __init__(self, ck=True):
        super().__init__()
        self.ck = ck
        self.embed = nn.Embedding(500, 64)
        self.blocks = nn.ModuleList([Block() for _ in range(3)])
        self.norm = nn.LayerNorm(64)
        self.head = nn.Linear(64, 10)

    def forward(self, tokens):
        x = self.embed(tokens)
        for b in self.blocks:
            x = _run(b, x, self.ck)
        return self.head(self.norm(x).mean(dim=1))


def _cbr(cin, cout):
    return [nn.Conv2d(cin, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]


class UNetSmall(nn.Module):
    """[3, 32, 32] -> [1, 32, 32]: enc1 = conv(3,16)-BN-ReLU; enc2 = MaxPool2d(2) - conv(16,32)-BN-ReLU
    - conv(32,32)-BN-ReLU; bott = MaxPool2d(2) - conv(32,64)-BN-ReLU - ConvTranspose2d(64,32,2,s2);
    dec2 = conv(64,32)-BN-ReLU - ConvTranspose2d(32,16,2,s2) on cat[enc2, bott];
    dec1 = conv(32,16)-BN-ReLU - Conv2d(16,1,1) on cat[enc1, dec2].  3x3 convs padding 1, no bias.
    Checkpointed: enc2, bott, dec2, dec1 (each fed by one tensor; the cats are outside)."""

    def __init__(self, ck=True):
        super().__init__()
        self.ck = ck
        self.enc1 = nn.Sequential(*_cbr(3, 16))
        self.enc2 = nn.Sequential(nn.MaxPool2d(2), *_cbr(16, 32), *_cbr(32, 32))
        self.bott = nn.Sequential(nn.MaxPool2d(2), *_cbr(32, 64), nn.ConvTranspose2d(64, 32, 2, stride=2))
        self.dec2 = nn.Sequential(*_cbr(64, 32), nn.ConvTranspose2d(32, 16, 2, stride=2))
        self.dec1 = nn.Sequential(*_cbr(32, 16), nn.Conv2d(16, 1, 1))

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = _run(self.enc2, e1, self.ck)
        b = _run(self.bott, e2, self.ck)
        d2 = _run(self.dec2, torch.cat([e2, b], dim=1), self.ck)
        return _run(self.dec1, torch.cat([e1, d2], dim=1), self.ck)


C = "custom (tests/truth/checkpoint_models.py)"
H = "hand count (tests/core/ReferenceCheckpointNets.cpp)"
# stem 432+32; stage1 2·2304+2·32; stage2 4608+9216+2·64+512+64; stage3 18432+36864+2·128+2048+128; fc 650
RESNET_PARAMS = 464 + 4672 + 14528 + 57728 + 650
# embed 32,000; per block 2·128 + 16,640 + 8,320 + 8,256; norm 128; head 650
TRANSFORMER_PARAMS = 32000 + 3 * (256 + 16640 + 8320 + 8256) + 128 + 650
# enc1 432+32; enc2 4608+64+9216+64; bott 18432+128+8224; dec2 18432+64+2064; dec1 4608+32+17
UNET_PARAMS = 464 + 13952 + 26784 + 20560 + 4657
ZOO = {
    "ck_resnet_stages": ModelSpec(lambda: ResNetStages(True), (3, 32, 32), source=C, expected_params=RESNET_PARAMS, expected_source=H),
    "ck_resnet_plain": ModelSpec(lambda: ResNetStages(False), (3, 32, 32), source=C, expected_params=RESNET_PARAMS, expected_source=H),
    "ck_transformer_blocks": ModelSpec(lambda: TransformerBlocks(True), (16,), input_kind="tokens:500", source=C,
                                       expected_params=TRANSFORMER_PARAMS, expected_source=H),
    "ck_transformer_plain": ModelSpec(lambda: TransformerBlocks(False), (16,), input_kind="tokens:500", source=C,
                                      expected_params=TRANSFORMER_PARAMS, expected_source=H),
    "ck_unet_small": ModelSpec(lambda: UNetSmall(True), (3, 32, 32), source=C, expected_params=UNET_PARAMS, expected_source=H),
    "ck_unet_plain": ModelSpec(lambda: UNetSmall(False), (3, 32, 32), source=C, expected_params=UNET_PARAMS, expected_source=H),
}
