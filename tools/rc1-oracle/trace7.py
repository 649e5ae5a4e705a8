# rc1 with our 7 bands (band7): its band route, each shrink and alternatives rerun (the bans, whether it
# solved, its profile, its last step) and the final list, for one puzzle: python trace7.py PUZZLE
import sys
sys.path.insert(0, "tools/rc1-oracle"); import band7
from pencilmark import api, band_path as BP
P = dict(api._params("human"), allow_guess=False, quality={})
p = api.load(sys.argv[1]); p.finalize()
name = lambda c: "r%dc%d" % (c // 9 + 1, c % 9 + 1)
def fmt(s):
    return s["code"] + " " + (name(s["place"][0]) + "=%d" % s["place"][1] if s["place"] else ",".join(name(c) + "#%d" % d for c, d in s["elims"]))
bp = BP.band_path(p, P)
print("base", bp["band_index"], {k: v for k, v in bp["profile"].items() if k not in ("HSI", "FHS")})
for i, s in enumerate(bp["steps"]):
    if s["band"] >= 1 and s["code"] != "NSI": print(" ", i + 1, fmt(s))
orig = BP.band_path
def traced(p, P, **kw):
    r = orig(p, P, **kw)
    if kw.get("ban_codes"):
        print("ban", ",".join(sorted(kw["ban_codes"])), "solved" if r["solved"] else "FAIL", {k: v for k, v in r["profile"].items() if k not in ("HSI", "FHS", "NSI")}, "last:", fmt(r["steps"][-1]) if r["steps"] else "")
    return r
BP.band_path = traced
c = BP.contents(p, P)
print("final", {k: v for k, v in c["profile"].items() if k not in ("HSI", "FHS")}, c["removed"], c["alternatives"])
for i, s in enumerate(c["steps"]):
    if s["band"] >= 1 and s["code"] != "NSI": print(" ", i + 1, fmt(s))
