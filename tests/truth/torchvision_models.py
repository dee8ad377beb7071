"""torchvision 0.14 networks for the memory ground-truth harness (../shared/truth/truth.py).

Networks whose torch.onnx exports use operators or patterns the 15 networks of
../shared/truth/models.py lack: Hardswish/Hardsigmoid and squeeze-excitation (MobileNetV3,
EfficientNet, RegNetY), channel shuffle (Reshape/Transpose) and chunk/Split (ShuffleNetV2),
Concat of fire modules and ceil-mode max pooling (SqueezeNet), grouped convolutions (RegNet,
ResNeXt), LayerNorm over channels after a permute, layer scale and stochastic depth (ConvNeXt),
shifted-window attention with relative position bias, roll and strided slices (Swin), and
segmentation heads with bilinear Resize and dilated convolutions (LR-ASPP, DeepLabV3).

Every constructor is torchvision's own, weights=None, unmodified; the inputs are small so that
each network measures in minutes on a busy 2-core CPU (the parameter counts do not depend on the
input size and are asserted against the torchvision 0.14 docs' weights tables).

truth.py merges one extra_models.ZOO; tests/truth/README.md shows how this file and
extra_models.py are combined into one for a run.
"""

import torchvision.models as tvm
import torchvision.models.segmentation as tvs

from models import ModelSpec

TV_DOC = "torchvision 0.14 docs (weights table num_params)"


def _tv(fn, **kw):
    return lambda: fn(weights=None, **kw)


def _seg(fn, **kw):
    # weights_backbone=None too: the constructor would otherwise fetch ImageNet backbone weights
    return lambda: fn(weights=None, weights_backbone=None, **kw)


ZOO = {
    "tv_mobilenet_v3_small": ModelSpec(_tv(tvm.mobilenet_v3_small), (3, 96, 96),
                                       expected_params=2542856, expected_source=TV_DOC),
    "tv_shufflenet_v2_x0_5": ModelSpec(_tv(tvm.shufflenet_v2_x0_5), (3, 96, 96),
                                       expected_params=1366792, expected_source=TV_DOC),
    "tv_squeezenet1_1": ModelSpec(_tv(tvm.squeezenet1_1), (3, 96, 96),
                                  expected_params=1235496, expected_source=TV_DOC),
    "tv_mnasnet0_5": ModelSpec(_tv(tvm.mnasnet0_5), (3, 96, 96),
                               expected_params=2218512, expected_source=TV_DOC),
    "tv_regnet_y_400mf": ModelSpec(_tv(tvm.regnet_y_400mf), (3, 64, 64),
                                   expected_params=4344144, expected_source=TV_DOC),
    "tv_resnext50_32x4d": ModelSpec(_tv(tvm.resnext50_32x4d), (3, 64, 64),
                                    expected_params=25028904, expected_source=TV_DOC),
    "tv_efficientnet_b1": ModelSpec(_tv(tvm.efficientnet_b1), (3, 64, 64),
                                    expected_params=7794184, expected_source=TV_DOC),
    "tv_efficientnet_v2_s": ModelSpec(_tv(tvm.efficientnet_v2_s), (3, 64, 64),
                                      expected_params=21458488, expected_source=TV_DOC),
    "tv_convnext_tiny": ModelSpec(_tv(tvm.convnext_tiny), (3, 64, 64),
                                  expected_params=28589128, expected_source=TV_DOC),
    "tv_swin_t": ModelSpec(_tv(tvm.swin_t), (3, 64, 64), heavy=True,
                           expected_params=28288354, expected_source=TV_DOC),
    "tv_lraspp_mobilenet_v3_large": ModelSpec(_seg(tvs.lraspp_mobilenet_v3_large), (3, 96, 96),
                                              expected_params=3221538, expected_source=TV_DOC),
    "tv_deeplabv3_mobilenet_v3_large": ModelSpec(
        _seg(tvs.deeplabv3_mobilenet_v3_large, aux_loss=True), (3, 96, 96),
        note="aux_loss=True (as the published weights)",
        expected_params=11029328, expected_source=TV_DOC),
}
