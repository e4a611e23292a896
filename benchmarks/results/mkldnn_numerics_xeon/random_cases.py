"""Random cases of the four numerics tests, called one by one (inner test, no hypothesis)."""
import sys, random, time, torch
sys.path.insert(0, "test/inductor")
import test_mkldnn_fusion_numerics as t
n = int(sys.argv[1]); dts = [getattr(torch, d) for d in sys.argv[2].split(",")]
dts = [d for d in dts if d in t.DTYPES]
print("DTYPES", t.DTYPES, "testing", dts, torch.__version__, flush=True)
tc = t.TestMkldnnFusionNumerics("test_conv2d_binary"); tc.setUp()
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 0)
U = sorted(t.UNARIES)
def draw(name, dt):
    if name == "conv2d_unary":
        return dict(batch=rng.randint(1,3), cin=rng.randint(1,8), cout=rng.randint(1,16), k=rng.randint(1,3), stride=rng.randint(1,2), padding=rng.randint(0,1), hw=rng.randint(5,12), unary=rng.choice(U), dtype=dt)
    if name == "conv2d_binary":
        return dict(batch=rng.randint(1,3), cin=rng.randint(1,8), cout=rng.randint(1,16), k=rng.randint(1,3), stride=rng.randint(1,2), hw=rng.randint(5,12), binary=rng.choice(["add","sub"]), relu=rng.random()<0.5, dtype=dt)
    if name == "linear_unary":
        return dict(batch=rng.randint(2,6), fin=rng.randint(2,24), fout=rng.randint(1,24), bias=rng.random()<0.5, unary=rng.choice(U), dtype=dt)
    return dict(batch=rng.randint(2,6), fin=rng.randint(2,24), fout=rng.randint(2,24), binary=rng.choice(["add","sub"]), dtype=dt)
t0 = time.time(); bad = 0; cnt = 0
for i in range(n):
    for name in ("conv2d_binary", "conv2d_unary", "linear_unary", "linear_binary"):
        for dt in dts:
            kw = draw(name, dt)
            fn = getattr(t.TestMkldnnFusionNumerics, "test_" + name).hypothesis.inner_test
            cnt += 1
            try:
                fn(tc, **kw)
            except Exception as e:
                bad += 1
                print(f"FAIL {name} {kw}: " + " ".join(f"{type(e).__name__}: {e}".split())[:500], flush=True)
    if time.time() - t0 > 420:
        print("stopping: time", flush=True); break
print(f"bad {bad} of {cnt} in {time.time()-t0:.0f}s", flush=True)
