"""Extra networks for the memory ground-truth harness (../shared/truth/truth.py).

Eight small networks (each trains in seconds on the CPU) that together cover the layer kinds the
15 networks of ../shared/truth/models.py do not: GRU and plain RNN (stacked, bidirectional,
batch_first), bidirectional LSTM, Conv1D, Conv3D, MaxPool1D/AvgPool1D, adaptive and global
average pooling, GroupNorm, LayerNorm on conv features, PReLU, LeakyReLU, ELU, SiLU, HardSwish,
Tanh, Sigmoid, GELU (exact and tanh), Softmax, Upsample (nearest, bilinear), ZeroPadding,
ConvTranspose2d with stride/padding/output_padding, Multiply (squeeze-excitation gating),
Concat, Embedding, MultiheadAttention (batch_first, need_weights=True, attention dropout),
Dropout on the input, after a softmax and before a GRU, and frozen layers.

NetSizer builds the same networks layer for layer in tests/core/ReferenceExtraNets.cpp; the
exact layer lists are part of the ground truth, so re-run the measurement after any change
(tests/truth/README.md).  Copy this file beside truth.py and models.py: truth.py merges ZOO.
"""

import torch
import torch.nn as nn

from models import ModelSpec


class Conv1dSignal(nn.Module):
    """[2, 256] signal: Conv1d(2,16,7,s2,p3) - BatchNorm1d - PReLU(16) - MaxPool1d(2)
    - Conv1d(16,32,5,p2) - GroupNorm(4,32) - ELU - AvgPool1d(2) - Conv1d(32,32,3,p1,no bias)
    - LeakyReLU(0.1) - mean over time - Dropout(0.2) - Linear(32,10)."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv1d(2, 16, 7, stride=2, padding=3)
        self.bn1 = nn.BatchNorm1d(16)
        self.act1 = nn.PReLU(16)
        self.pool1 = nn.MaxPool1d(2)
        self.conv2 = nn.Conv1d(16, 32, 5, padding=2)
        self.gn2 = nn.GroupNorm(4, 32)
        self.act2 = nn.ELU()
        self.pool2 = nn.AvgPool1d(2)
        self.conv3 = nn.Conv1d(32, 32, 3, padding=1, bias=False)
        self.act3 = nn.LeakyReLU(0.1)
        self.drop = nn.Dropout(0.2)
        self.fc = nn.Linear(32, 10)

    def forward(self, x):
        x = self.pool1(self.act1(self.bn1(self.conv1(x))))
        x = self.pool2(self.act2(self.gn2(self.conv2(x))))
        x = self.act3(self.conv3(x)).mean(dim=-1)
        return self.fc(self.drop(x))


class Conv3dClip(nn.Module):
    """[3, 8, 32, 32] clip: Conv3d(3,8,3,p1) - BatchNorm3d - ReLU(inplace)
    - Conv3d(8,16,3,s2,p1,no bias) - GroupNorm(4,16) - SiLU - Conv3d(16,16,(1,3,3),s(1,2,2),p(0,1,1))
    - Hardswish - mean over (D,H,W) - Linear(16,5)."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv3d(3, 8, 3, padding=1)
        self.bn1 = nn.BatchNorm3d(8)
        self.relu1 = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv3d(8, 16, 3, stride=2, padding=1, bias=False)
        self.gn2 = nn.GroupNorm(4, 16)
        self.act2 = nn.SiLU()
        self.conv3 = nn.Conv3d(16, 16, (1, 3, 3), stride=(1, 2, 2), padding=(0, 1, 1))
        self.act3 = nn.Hardswish()
        self.fc = nn.Linear(16, 5)

    def forward(self, x):
        x = self.relu1(self.bn1(self.conv1(x)))
        x = self.act2(self.gn2(self.conv2(x)))
        x = self.act3(self.conv3(x)).mean(dim=(2, 3, 4))
        return self.fc(x)


class GRUTagger(nn.Module):
    """Token tagger: Embedding(1000,64) - Dropout(0.1) - GRU(64->96, 2 layers, bidirectional,
    dropout 0.2, batch_first) - Linear(192,17).  Input int64 [B, 24]; output [B, 24, 17]."""

    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(1000, 64)
        self.drop = nn.Dropout(0.1)
        self.gru = nn.GRU(64, 96, num_layers=2, bidirectional=True, dropout=0.2, batch_first=True)
        self.head = nn.Linear(192, 17)

    def forward(self, tokens):
        x, _ = self.gru(self.drop(self.embed(tokens)))
        return self.head(x)


class RNNThenBiLSTM(nn.Module):
    """[30, 16] sequence: RNN(16->32, tanh, 2 layers, batch_first) - LSTM(32->48, bidirectional,
    batch_first) - mean over time - Tanh - Linear(96,5)."""

    def __init__(self):
        super().__init__()
        self.rnn = nn.RNN(16, 32, num_layers=2, batch_first=True)
        self.lstm = nn.LSTM(32, 48, bidirectional=True, batch_first=True)
        self.act = nn.Tanh()
        self.head = nn.Linear(96, 5)

    def forward(self, x):
        x, _ = self.rnn(x)
        x, _ = self.lstm(x)
        return self.head(self.act(x.mean(dim=1)))


class SEResNetTiny(nn.Module):
    """[3, 32, 32]: ZeroPad2d(1) - Conv2d(3,16,3) - BN - ReLU(inplace); a residual block
    conv-BN-ReLU-conv-BN with squeeze-excitation (AdaptiveAvgPool2d(1) - Conv 16->4 - ReLU
    - Conv 4->16 - Sigmoid, multiplied in), + identity, ReLU(inplace); two branches
    [Conv2d(16,8,1) - Tanh, MaxPool2d(3,1,1)] concatenated; AdaptiveAvgPool2d(2) - Flatten
    - Linear(96,10)."""

    def __init__(self):
        super().__init__()
        self.pad = nn.ZeroPad2d(1)
        self.stem = nn.Conv2d(3, 16, 3)
        self.stem_bn = nn.BatchNorm2d(16)
        self.stem_relu = nn.ReLU(inplace=True)
        self.conv1 = nn.Conv2d(16, 16, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(16)
        self.relu1 = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(16, 16, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(16)
        self.se_pool = nn.AdaptiveAvgPool2d(1)
        self.se_fc1 = nn.Conv2d(16, 4, 1)
        self.se_relu = nn.ReLU(inplace=True)
        self.se_fc2 = nn.Conv2d(4, 16, 1)
        self.se_gate = nn.Sigmoid()
        self.relu2 = nn.ReLU(inplace=True)
        self.branch_conv = nn.Conv2d(16, 8, 1)
        self.branch_act = nn.Tanh()
        self.branch_pool = nn.MaxPool2d(3, stride=1, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(2)
        self.flatten = nn.Flatten()
        self.fc = nn.Linear(96, 10)

    def forward(self, x):
        x = self.stem_relu(self.stem_bn(self.stem(self.pad(x))))
        y = self.bn2(self.conv2(self.relu1(self.bn1(self.conv1(x)))))
        s = self.se_gate(self.se_fc2(self.se_relu(self.se_fc1(self.se_pool(y)))))
        x = self.relu2(y * s + x)
        x = torch.cat([self.branch_act(self.branch_conv(x)), self.branch_pool(x)], dim=1)
        return self.fc(self.flatten(self.pool(x)))


class UNetUpsample(nn.Module):
    """[3, 32, 32] -> [1, 32, 32]: enc Conv(3,16,3,p1) - GroupNorm(4,16) - GELU;
    down Conv(16,32,3,s2,p1) - LayerNorm([32,16,16]) - LeakyReLU(0.2);
    a = MaxPool2d(2) - Conv(32,32,3,p1) - ReLU - Upsample(x2, bilinear);
    b = AvgPool2d(2) - Upsample(x2, nearest);
    cat[down, a, b] (96 ch) - ConvTranspose2d(96,16,3,s2,p1,output_padding 1) - ELU;
    cat[enc, up] - Conv2d(32,1,1)."""

    def __init__(self):
        super().__init__()
        self.enc = nn.Conv2d(3, 16, 3, padding=1)
        self.enc_gn = nn.GroupNorm(4, 16)
        self.enc_act = nn.GELU()
        self.down = nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.down_ln = nn.LayerNorm([32, 16, 16])
        self.down_act = nn.LeakyReLU(0.2)
        self.a_pool = nn.MaxPool2d(2)
        self.a_conv = nn.Conv2d(32, 32, 3, padding=1)
        self.a_relu = nn.ReLU()
        self.a_up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
        self.b_pool = nn.AvgPool2d(2)
        self.b_up = nn.Upsample(scale_factor=2, mode="nearest")
        self.up = nn.ConvTranspose2d(96, 16, 3, stride=2, padding=1, output_padding=1)
        self.up_act = nn.ELU()
        self.out = nn.Conv2d(32, 1, 1)

    def forward(self, x):
        e = self.enc_act(self.enc_gn(self.enc(x)))
        d = self.down_act(self.down_ln(self.down(e)))
        a = self.a_up(self.a_relu(self.a_conv(self.a_pool(d))))
        b = self.b_up(self.b_pool(d))
        u = self.up_act(self.up(torch.cat([d, a, b], dim=1)))
        return self.out(torch.cat([e, u], dim=1))


class AttentionSoftmax(nn.Module):
    """Tokens [16] (vocab 500): Embedding(500,64) - Dropout(0.1) - MultiheadAttention(64, 4 heads,
    dropout 0.1, batch_first, need_weights=True: the averaged weights are returned and dropped)
    - + input - LayerNorm(64) - Linear(64,128) - GELU(tanh) - Dropout(0.1) - Linear(128,64)
    - Softmax(-1) - mean over tokens - Linear(64,10)."""

    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(500, 64)
        self.drop = nn.Dropout(0.1)
        self.attn = nn.MultiheadAttention(64, 4, dropout=0.1, batch_first=True)
        self.norm = nn.LayerNorm(64)
        self.fc1 = nn.Linear(64, 128)
        self.act = nn.GELU(approximate="tanh")
        self.drop2 = nn.Dropout(0.1)
        self.fc2 = nn.Linear(128, 64)
        self.softmax = nn.Softmax(dim=-1)
        self.head = nn.Linear(64, 10)

    def forward(self, tokens):
        x = self.drop(self.embed(tokens))
        a, _ = self.attn(x, x, x, need_weights=True)
        x = self.norm(x + a)
        x = self.softmax(self.fc2(self.drop2(self.act(self.fc1(x)))))
        return self.head(x.mean(dim=1))


class FrozenMLP(nn.Module):
    """[256]: Dropout(0.1) on the input - fc1 Linear(256,128) FROZEN - Sigmoid - Dropout(0.5)
    - fc2 Linear(128,128) - Tanh - fc3 Linear(128,64) FROZEN - Softmax(1) - Dropout(0.2)
    - fc4 Linear(64,10).  Frozen = requires_grad False on weight and bias."""

    def __init__(self):
        super().__init__()
        self.drop_in = nn.Dropout(0.1)
        self.fc1 = nn.Linear(256, 128)
        self.act1 = nn.Sigmoid()
        self.drop1 = nn.Dropout(0.5)
        self.fc2 = nn.Linear(128, 128)
        self.act2 = nn.Tanh()
        self.fc3 = nn.Linear(128, 64)
        self.softmax = nn.Softmax(dim=1)
        self.drop3 = nn.Dropout(0.2)
        self.fc4 = nn.Linear(64, 10)
        for p in list(self.fc1.parameters()) + list(self.fc3.parameters()):
            p.requires_grad_(False)

    def forward(self, x):
        x = self.drop1(self.act1(self.fc1(self.drop_in(x))))
        x = self.softmax(self.fc3(self.act2(self.fc2(x))))
        return self.fc4(self.drop3(x))


C = "custom (tests/truth/extra_models.py)"
# Counted by hand layer by layer (weights + biases); the sums are in ReferenceExtraNets.cpp.
H = "hand-computed"
ZOO = {
    "x_conv1d_signal": ModelSpec(Conv1dSignal, (2, 256), source=C, expected_params=6346, expected_source=H),
    "x_conv3d_clip": ModelSpec(Conv3dClip, (3, 8, 32, 32), source=C, expected_params=6565, expected_source=H),
    "x_gru_tagger": ModelSpec(GRUTagger, (24,), input_kind="tokens:1000", source=C, expected_params=327633, expected_source=H),
    "x_rnn_bilstm": ModelSpec(RNNThenBiLSTM, (30, 16), source=C, expected_params=35685, expected_source=H),
    "x_se_resnet_tiny": ModelSpec(SEResNetTiny, (3, 32, 32), source=C, expected_params=6406, expected_source=H),
    "x_unet_upsample": ModelSpec(UNetUpsample, (3, 32, 32), source=C, expected_params=44625, expected_source=H),
    "x_attention_softmax": ModelSpec(AttentionSoftmax, (16,), input_kind="tokens:500", source=C, expected_params=65994, expected_source=H),
    "x_frozen_mlp": ModelSpec(FrozenMLP, (256,), source=C, expected_params=58314, expected_source=H),
}
