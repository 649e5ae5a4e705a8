# Run from the repository root (reads ../shared/data/reference-cards).
# rc1's moves at step K of its written route (routes_D.jsonl) of puzzle SRC: python statemoves.py SRC K [TECHS]
import json, sys
from pencilmark import api, cbackend as CB, card_score as C3, _data
src, K = sys.argv[1], int(sys.argv[2])
only = sys.argv[3].split(",") if len(sys.argv) > 3 else None
for l in open("routes_D.jsonl"):  # from dumproutes.py D
    v = json.loads(l)
    if v["src"].split(":")[1].split()[0] == src: break
p = api.load(v["puzzle"])
N = 81
def peers(c):
    r, cc = divmod(c, 9); b = (r // 3) * 3 + cc // 3
    return [x for x in range(81) if x != c and (x // 9 == r or x % 9 == cc or ((x // 9) // 3) * 3 + (x % 9) // 3 == b)]
cand = [0x1FF] * 81
def place(c, d):
    cand[c] = 1 << (d - 1)
    for x in peers(c): cand[x] &= ~(1 << (d - 1))
for c, d in p.givens.items(): place(c, d)
for s in v["steps"][:K]:
    if s["place"]: place(*s["place"])
    for c, d in s["elim"]: cand[c] &= ~(1 << (d - 1))
cfg = _data.load_json("card_score.json")
P = C3._price_params(cfg["price_params"])
cp = CB.to_cpuzzle(p)
for enc in ("bit0",):
    ms = CB.state_moves(p, P, cpuzzle=cp, cand=cand, details=True)
    for m in ms:
        if only and m["name"] not in only: continue
        if m["place"] and "direct" in m["name"]: continue
        el = ["r%dc%d#%d" % (c // 9 + 1, c % 9 + 1, d) for c, d in m["elim"]]
        print(m["name"], m.get("code"), m["place"], el, round(m["d"], 3), m.get("pattern"))
print("rc1 took", v["steps"][K]["tech"], v["steps"][K]["elim"])
