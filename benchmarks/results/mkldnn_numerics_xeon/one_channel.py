import sys, os, torch
sys.path.insert(0, "test/inductor")
import test_mkldnn_fusion_numerics as t
tc = t.TestMkldnnFusionNumerics("test_conv2d_binary"); tc.setUp()
fn = t.TestMkldnnFusionNumerics.test_conv2d_binary.hypothesis.inner_test
print("variant", "stock" if os.environ.get("INDUCTOR_XPU_DISABLE") else "overlay", torch.__version__, flush=True)
base = dict(batch=2, cin=7, cout=1, k=2, stride=2, hw=9, binary="add", relu=True)
cases = [dict(base), dict(base, relu=False), dict(base, k=1, stride=1), dict(base, k=3, stride=1), dict(base, cout=2), dict(base, binary="sub"), dict(base, cin=1), dict(base, batch=1, hw=7)]
for dt in (torch.bfloat16, torch.float16, torch.float32):
    for kw in cases:
        try:
            fn(tc, dtype=dt, **kw); r = "ok"
        except Exception as e:
            r = "FAIL " + " ".join(f"{type(e).__name__}: {e}".split())[:160]
        print(dt, kw, r, flush=True)
