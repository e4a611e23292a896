import torch
class MM(torch.nn.Module):
    def __init__(s):
        super().__init__(); s.l = torch.nn.Linear(768, 768)
    def forward(s, x):
        return s.l(x)
def mm():
    return MM(), (torch.randn(512, 768),)
class Conv(torch.nn.Module):
    def __init__(s):
        super().__init__()
        s.c1 = torch.nn.Conv2d(64, 64, 3, padding=1, bias=False)
        s.c2 = torch.nn.Conv2d(64, 256, 1, bias=False)
    def forward(s, x):
        return s.c2(s.c1(x))
def conv():
    return Conv().to(memory_format=torch.channels_last), (torch.randn(8, 64, 56, 56).to(memory_format=torch.channels_last),)
class Patch(torch.nn.Module):
    def __init__(s):
        super().__init__()
        s.c = torch.nn.Conv2d(3, 768, 16, stride=16)
    def forward(s, x):
        return s.c(x)
def patch():
    return Patch(), (torch.randn(2, 3, 224, 224),)
class Depthwise(torch.nn.Module):
    # depthwise convs (groups == channels), each with its batch norm and ReLU6, on its own input
    def __init__(s, specs):
        super().__init__()
        s.convs = torch.nn.ModuleList(
            torch.nn.Sequential(torch.nn.Conv2d(c, c, k, stride=st, padding=k // 2, groups=c, bias=b),
                                torch.nn.BatchNorm2d(c), torch.nn.ReLU6())
            for c, k, st, b in specs)
    def forward(s, *xs):
        return [m(x) for m, x in zip(s.convs, xs)]
def _depthwise(specs, sizes):
    cl = torch.channels_last
    m = Depthwise(specs).eval().to(memory_format=cl)
    return m, tuple(torch.randn(2, c, h, h).to(memory_format=cl) for (c, _, _, _), h in zip(specs, sizes))
def depthwise3x3():
    # mobilenetv2_100's: 96 channels stride 2 (112 -> 56), 144 at 56x56, 960 at 7x7
    return _depthwise([(96, 3, 2, False), (144, 3, 1, False), (960, 3, 1, False)], [112, 56, 7])
def depthwise7x7():
    # convnext_tiny's (with bias): 96 at 56x56, 384 at 14x14, 768 at 7x7
    return _depthwise([(96, 7, 1, True), (384, 7, 1, True), (768, 7, 1, True)], [56, 14, 7])
class Stems(torch.nn.Module):
    # 3-input-channel convs with a large window, each on its own image:
    # resnet50's 7x7 stem (stride 2, padding 3), convnext_tiny's 4x4 patchify (stride 4)
    def __init__(s):
        super().__init__()
        s.stem = torch.nn.Conv2d(3, 64, 7, stride=2, padding=3, bias=False)
        s.patchify = torch.nn.Conv2d(3, 96, 4, stride=4)
    def forward(s, x, y):
        return s.stem(x), s.patchify(y)
def stems():
    cl = torch.channels_last
    return Stems().to(memory_format=cl), (torch.randn(2, 3, 224, 224).to(memory_format=cl),
                                          torch.randn(2, 3, 224, 224).to(memory_format=cl))
