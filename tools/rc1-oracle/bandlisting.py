# rc1's band-route listing at the position before step K (1-based) of its band route, exactly as
# band_path asks state_moves (its tiers), each move with its code, band and price d (META=1: every
# field): python bandlisting.py PUZZLE K [CODES] [BANS]
import sys, copy
sys.path.insert(0, "tools/rc1-oracle"); import band7
from pencilmark import api, band_path as BP, cbackend as CB, solver as S
P = dict(api._params("human"), allow_guess=False, quality={})
p = api.load(sys.argv[1]); p.finalize()
K = int(sys.argv[2]); only = sys.argv[3].split(",") if len(sys.argv) > 3 and sys.argv[3] else None
bans = set(sys.argv[4].split(",")) if len(sys.argv) > 4 else set()
calls = []
orig = CB.state_moves
def rec(q, Pb, **kw):
    r = orig(q, Pb, **kw)
    calls.append((tuple(kw["cand"]), kw.get("disabled"), r))
    return r
CB.state_moves = rec
r = BP.band_path(p, dict(P), **({"ban_codes": bans} if bans else {}))
name = lambda c: "r%dc%d" % (c // 9 + 1, c % 9 + 1)
# replay to the mask before step K
vals = [p.givens.get(c, 0) for c in range(81)]
cand = [0 if vals[c] else 511 for c in range(81)]
def place(c, d):
    vals[c] = d; cand[c] = 0
    for x in p.peer_list[c]: cand[x] &= ~(1 << (d - 1))
for c in range(81):
    if vals[c]:
        for x in p.peer_list[c]: cand[x] &= ~(1 << (vals[c] - 1))
for s in r["steps"][:K - 1]:
    if s["place"]: place(*s["place"])
    for c, d in s["elims"]: cand[c] &= ~(1 << (d - 1))
mask = tuple(cand[c] if not vals[c] else 1 << (vals[c] - 1) for c in range(81))
for cm, dis, ms in calls:
    if cm != mask: continue
    for m in ms:
        if not (m["place"] or m["elim"]): continue
        code, nm, mb = BP.classify(m, p)
        if only and code not in only: continue
        if "META" in __import__("os").environ: print({k: v for k, v in m.items() if k not in (("desc",) if __import__("os").environ["META"] == "2" else ("desc", "meta"))})
        print(code, mb, round(m["d"], 4), (name(m["place"][0]) + "=%d" % m["place"][1]) if m["place"] else "", ",".join(name(c) + "#%d" % d for c, d in m["elim"]))
s = r["steps"][K - 1]
print("took", s["code"], s["place"], s["elims"])
