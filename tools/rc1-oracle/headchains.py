# every in-the-head chain (MentalChain) rc1's band route lists on the Hard / Very Hard reference cards, with its
# pattern, meta vector, xmeta and price d: python headchains.py [OUT.jsonl]
import sys, json
sys.path.insert(0, "tools/rc1-oracle"); import band7
from pencilmark import api, band_path as BP, cbackend as CB
P = dict(api._params("human"), allow_guess=False, quality={})
orig = CB.state_moves
out = open(sys.argv[1] if len(sys.argv) > 1 else "headchains.jsonl", "w")
cur = {}
def rec(q, Pb, **kw):
    r = orig(q, Pb, **kw)
    for m in r:
        if m["name"].startswith("MentalChain") and m["place"]:
            out.write(json.dumps({"src": cur["src"], "cand": list(kw["cand"]), "place": m["place"], "d": m["d"], "meta": list(m["meta"]), "xmeta": m["xmeta"], "pattern": list(m["pattern"]), "code": m.get("code")}) + "\n")
    return r
CB.state_moves = rec
for line in open("data/fixtures/reference-cards-7band.jsonl"):
    v = json.loads(line)
    if v["card"]["band_index"] not in (3, 4): continue
    cur["src"] = v["source"]
    p = api.load(v["puzzle"]); p.finalize()
    BP._CACHE = {}
    BP.band_path(p, dict(P))
print("done")
