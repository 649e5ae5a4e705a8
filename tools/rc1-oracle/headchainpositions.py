# Every position at which rc1's band route (Hard / Very Hard reference cards) asks for its
# in-the-head chains (MentalChain enabled), with the chains it lists there (possibly none): the
# candidates as masks, each chain's placement, price d, meta vector, xmeta and pattern.
# Run from the repository root with the rc1 venv active:
#   python tools/rc1-oracle/headchainpositions.py headchainpositions.jsonl
#   cargo run --release -p pencilmark --example head_chain_listing -- headchainpositions.jsonl > ours.jsonl
#   python tools/rc1-oracle/compare_headchains.py headchainpositions.jsonl ours.jsonl
import sys, json
sys.path.insert(0, "tools/rc1-oracle"); import band7  # noqa: F401  (rc1 with our 7 bands)
from pencilmark import api, band_path as BP, cbackend as CB
MENTAL_CHAIN = 62  # rc1's "MentalChain(direct)"
P = dict(api._params("human"), allow_guess=False, quality={})
orig = CB.state_moves
out = open(sys.argv[1] if len(sys.argv) > 1 else "headchainpositions.jsonl", "w")
cur, seen = {}, set()
def rec(q, Pb, **kw):
    r = orig(q, Pb, **kw)
    if MENTAL_CHAIN in set(kw.get("disabled") or ()):
        return r
    key = (cur["src"], tuple(kw["cand"]))
    if key in seen:
        return r
    seen.add(key)
    chains = [{"place": m["place"], "d": m["d"], "meta": list(m["meta"]), "xmeta": m["xmeta"], "pattern": list(m["pattern"])}
              for m in r if m["name"].startswith("MentalChain") and m["place"]]
    out.write(json.dumps({"src": cur["src"], "cand": list(kw["cand"]), "chains": chains}) + "\n")
    return r
CB.state_moves = rec
for line in open("data/fixtures/reference-cards-7band.jsonl"):
    v = json.loads(line)
    if v["card"]["band_index"] not in (3, 4):
        continue
    cur["src"] = v["source"]
    p = api.load(v["puzzle"]); p.finalize()
    BP._CACHE = {}
    BP.band_path(p, dict(P))
