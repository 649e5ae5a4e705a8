# Run from the repository root (reads ../shared/data/reference-cards).
# How rc1 (CanonicalEnumeration on, as in its cards) picks the one shape it writes an effect of its
# short single-digit chains and Empty Rectangles under: at the first N positions of band >= Hard of
# the Hard / Very Hard reference cards that have such moves, remove each other candidate (of cells
# with three or more) one at a time, and count the removals after which rc1 writes some effect
# under a different chain or rectangle (same effect, other cells or shape).
# python shapepicks.py [N]   (default 10 positions)
import sys
from pencilmark import api, cbackend as CB, solver as S
from refpositions import positions
P = dict(api._params("human"), allow_guess=False, quality={}); P["search"] = "human"
SHORT = ("X-Chain", "EmptyRectangle")
only = set(S.TECH_NAMES) - {k for k, n in S.TECH_NAMES.items() if n in SHORT + ("CanonicalEnumeration",)}
def picks(givens, cand):
    p = api.load("".join(str(givens.get(c, ".")) for c in range(81))); p.finalize()
    ms = CB.state_moves(p, P, disabled=only, limit_per_tech=100, details=True, cpuzzle=CB.to_cpuzzle(p), cand=cand)
    return {tuple(sorted(m["elim"])): (m["name"], frozenset(m["pattern"])) for m in ms
            if m["name"] in SHORT and len(m["pattern"]) <= 5}
want = int(sys.argv[1]) if len(sys.argv) > 1 else 10
done = changed_total = tried_total = 0
for v, p, i, _, q in positions():
    if done >= want: break
    base = picks(q.givens, q.domains)
    if not base: continue
    digits = {e[0][1] for e in base}
    changed = tried = 0
    for c in range(81):
        if c in q.givens or bin(q.domains[c]).count("1") < 3: continue
        for d in range(1, 10):
            if d in digits or not (q.domains[c] >> (d - 1)) & 1: continue
            dom = list(q.domains); dom[c] &= ~(1 << (d - 1))
            after = picks(q.givens, dom)
            tried += 1
            changed += any(e in after and after[e] != pick for e, pick in base.items())
    done += 1; changed_total += changed; tried_total += tried
    print(v["source"].split(":")[1].split()[0], "step", i + 1, len(base), "effects:", changed, "of", tried,
          "removals of another digit's candidate change a pick")
print("all:", changed_total, "of", tried_total)
