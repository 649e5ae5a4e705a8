# Shared by the oracle scripts: the positions of the reference cards' routes, replayed by rc1.
import json
from pencilmark import api, band_path as BP


def cell(s):
    r, c = s[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def positions(card_bands=(3, 4), min_step_band=3):
    """(card, rc1 puzzle, step index, step band, rc1 state before the step) for every step of band
    >= min_step_band of the reference cards of the given bands (ours: 3 Hard, 4 Very Hard)."""
    for line in open("../shared/data/reference-cards/classic-7band.jsonl"):
        v = json.loads(line)
        if v["card"]["band_index"] not in card_bands:
            continue
        p = api.load(v["puzzle"]); p.finalize()
        steps = []
        for s in v["card"]["steps"]:
            pl = s.get("placement"); el = s.get("eliminations") or []
            steps.append({"place": (cell(pl.split("=")[0]), int(pl.split("=")[1])) if pl else None,
                          "elims": [(cell(e.split("#")[0]), int(e.split("#")[1])) for e in el], "band": s["band"]})
        for i, (st, q) in enumerate(zip(steps, BP._states(p, steps))):
            if st["band"] >= min_step_band:
                yield v, p, i, st["band"], q
