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
