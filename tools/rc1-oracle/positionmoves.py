# Run from the repository root (reads ../shared/data/reference-cards).
# rc1's moves at every step of band >= Hard of the Hard / Very Hard reference cards (the positions
# `replay_reference --moves` lists), as its alternatives search lists them (givens rewritten to the position,
# candidates as a mask, eight per technique), one listing per position: every technique of rc1's band <= 3
# (our Very Hard): python positionmoves.py [--plain]
# --plain switches off rc1's CanonicalEnumeration pseudo-technique (id 56; on in its card route), which
# changes what its chain and Empty Rectangle searches find. Writes rc1moves.jsonl / rc1moves_plain.jsonl.
import json, sys, copy
from pencilmark import api, band_path as BP, cbackend as CB, solver as S, export as E2
from refpositions import positions
plain = "--plain" in sys.argv
P = dict(api._params("human"), allow_guess=False, quality={}); P["search"] = "human"
allowed = {t for t in S.TECH_NAMES if t not in set(CB.search_disabled(P)) | {S.GUESS}}
disabled = set(S.TECH_NAMES) - {t for t in allowed if E2.tech_band(t) <= 3} | ({S.CANONICAL} if plain else set())
name = lambda c: "r%dc%d" % (c // 9 + 1, c % 9 + 1)
out = open("rc1moves_plain.jsonl" if plain else "rc1moves.jsonl", "w")
for v, p, i, _, q in positions():
    cp = CB.to_cpuzzle(p)
    g = copy.copy(p); g.givens = q.givens
    moves = []
    for m in CB.state_moves(g, P, disabled=disabled, limit_per_tech=8, details=True, cpuzzle=cp, cand=q.domains):
        if not (m["elim"] or m["place"]): continue
        code, _, band = BP.classify(m, p)
        moves.append([code, band, sorted(name(c) + "#%d" % d for c, d in m["elim"]),
                      [name(m["place"][0]) + "=%d" % m["place"][1]] if m["place"] else []])
    src = v["source"].split(":")[1].split()[0]
    out.write(json.dumps({"src": src, "n": i + 1, "moves": moves}) + "\n")
