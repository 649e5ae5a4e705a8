# Run from the repository root with the rc1 environment active.
# rc1's refutation profile (card_score.refute_lr_cell) of every reference card's puzzle, written to
# data/fixtures/rc1-refute-profiles.jsonl: per stuck point [C, R, depth, guessed, placements after].
import json
from pencilmark import api, card_score as C3
out = open("data/fixtures/rc1-refute-profiles.jsonl", "w")
for line in open("data/fixtures/reference-cards-7band.jsonl"):
    v = json.loads(line)
    p = api.load(v["puzzle"])
    C3.refute_lr_cell(p)
    prof = [list(x) for x in (C3._LAST_REFUTE or [])]
    out.write(json.dumps({"source": v["source"], "puzzle": v["puzzle"], "profile": prof}) + "\n")
