# Run from the repository root (reads ../shared/data/reference-cards).
# Per reference card up to Very Hard: rc1's difficulty parts (one JSON line per card).
import json, math, sys, time
from pencilmark import card_score as C3, _data, api
from pencilmark import card as CARD
src = "../shared/data/reference-cards/classic-7band.jsonl"
cfg = _data.load_json("card_score.json")
out = open(sys.argv[1], "w")
only = set(sys.argv[2].split(",")) if len(sys.argv) > 2 else None
for line in open(src):
    v = json.loads(line)
    c = v["card"]
    if c["band_index"] > 4: continue
    if only and v["source"].split(":")[1] not in only: continue
    p = api.load(v["puzzle"])
    t0 = time.time()
    w = cfg.get("enum_w", 0.0)
    # time route (production params)
    pt = C3.steps(p); 
    C3.P_old = C3.P
    C3.P = C3._price_params(cfg["price_params"])
    try:
        pd = C3.steps(p)
    finally:
        C3.P = C3.P_old
    ref = C3.refute_lr_cell(p)
    empty = p.N - len(p.givens)
    vd = sum(math.exp(cfg["beta"] * math.log(d)) * f for nm, d, f in pd)
    vt = sum(math.exp(cfg["beta_time"] * math.log(d)) * f for nm, d, f in pt)
    out.write(json.dumps({"src": v["source"], "rd": c["difficulty"], "rt": c["time"], "empty": empty,
        "vd": vd, "vt": vt, "refute": ref, "refute_pts": C3._LAST_REFUTE,
        "pd": [(nm, round(d, 4), round(f, 4)) for nm, d, f in pd], "pt": [(nm, round(d, 4), round(f, 4)) for nm, d, f in pt],
        "secs": time.time() - t0}) + "\n")
    out.flush()
