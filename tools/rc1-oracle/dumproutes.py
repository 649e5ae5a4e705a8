# Run from the repository root (reads ../shared/data/reference-cards).
# rc1's written routes (D: difficulty prices, T: production prices) with each step's move and offer.
import json, sys
from pencilmark import card_score as C3, _data, api, solver as S, cbackend as CB
cfg = _data.load_json("card_score.json")
which = sys.argv[1]
P = C3._price_params(cfg["price_params"]) if which == "D" else C3.P
out = open(f"routes_{which}.jsonl", "w")
for line in open("../shared/data/reference-cards/classic-7band.jsonl"):
    v = json.loads(line)
    if v["card"]["band_index"] > 4: continue
    p = api.load(v["puzzle"])
    st, ok = CB.solve(p, P, disabled=C3.dis)
    steps = []
    for s in st:
        m = s.move
        steps.append({"mode": s.mode if hasattr(s, "mode") else None, "tech": S.TECH_NAMES.get(m.feat[0], str(m.feat[0])),
                      "d": float(m.d), "place": list(m.place) if m.place else None, "elim": sorted(list(e) for e in (m.elim or ())),
                      "n_cands": s.n_cands, "meta": [float(x) for x in (m.feat[4] or [])], "alts": [[S.TECH_NAMES.get(a[0], str(a[0])), (list(a[4][:4]) if a[4] else None)] for a in s.alts]})
    out.write(json.dumps({"src": v["source"], "puzzle": v["puzzle"], "ok": ok, "steps": steps}) + "\n")
