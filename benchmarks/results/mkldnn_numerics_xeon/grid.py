"""Grid of low-precision oneDNN fusion cases from test_mkldnn_fusion_numerics, run one by one."""
import itertools, sys, time, traceback
import torch
sys.path.insert(0, "test/inductor")
import test_mkldnn_fusion_numerics as t

tc = t.TestMkldnnFusionNumerics("test_conv2d_unary")
tc.setUp()
lp = [d for d in t.DTYPES if d != torch.float32]
print("DTYPES", t.DTYPES, flush=True)
cases = []
for dt in lp:
    for u in sorted(t.UNARIES):
        if u in t.FP32_ONLY:
            continue
        for (b, cin, cout, k, s, p, hw) in [(2, 3, 8, 3, 1, 1, 8), (1, 1, 1, 1, 2, 0, 5), (3, 8, 16, 2, 2, 1, 12)]:
            cases.append(("conv2d_unary", dict(batch=b, cin=cin, cout=cout, k=k, stride=s, padding=p, hw=hw, unary=u, dtype=dt)))
    for bi, r in itertools.product(sorted(t.BINARIES), [False, True]):
        cases.append(("conv2d_binary", dict(batch=2, cin=3, cout=8, k=3, stride=1, hw=8, binary=bi, relu=r, dtype=dt)))
    for u in sorted(t.UNARIES):
        if u in t.FP32_ONLY:
            continue
        for (b, fi, fo, bias) in [(2, 16, 8, True), (3, 1, 1, False)]:
            cases.append(("linear_unary", dict(batch=b, fin=fi, fout=fo, bias=bias, unary=u, dtype=dt)))
    for bi in sorted(t.BINARIES):
        cases.append(("linear_binary", dict(batch=2, fin=16, fout=8, binary=bi, dtype=dt)))
t0 = time.time()
fails = 0
for name, kw in cases:
    fn = getattr(t.TestMkldnnFusionNumerics, "test_" + name).hypothesis.inner_test
    try:
        fn(tc, **kw)
        res = "ok"
    except Exception as e:
        fails += 1
        res = "FAIL " + " ".join(f"{type(e).__name__}: {e}".split())[:400]
    print(f"{time.time()-t0:6.1f}s {name} {kw} -> {res}", flush=True)
    if time.time() - t0 > 480:
        print("stopping: time"); break
print("fails", fails, "of", len(cases))
