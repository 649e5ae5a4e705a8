# rc1 describe() and symmetry_of() for the puzzles kept in the repo: writes data/fixtures/describe-symmetry-rc1.jsonl
# (run from the repository root: python tools/rc1-oracle/describe_symmetry.py > data/fixtures/describe-symmetry-rc1.jsonl).
import json, sys
import pencilmark
from pencilmark import export as E
out = []
def one(text):
    p = pencilmark.api.load(text)
    return {"describe": pencilmark.describe(p), "symmetry": E.symmetry_of(p)}
for line in open("data/fixtures/reference-cards-7band.jsonl"):
    d = json.loads(line)
    out.append(dict(puzzle=d["puzzle"], **one(d["puzzle"])))
for line in open("data/examples/variants.jsonl"):
    if line.startswith("#") or not line.strip(): continue
    out.append(dict(puzzle=json.loads(line), **one(line)))
for o in out:
    print(json.dumps(o, ensure_ascii=False, sort_keys=False))
import glob, os
for path in sorted(glob.glob("data/fixtures/exchange/*.json")):
    if path.endswith(".canonical.json"): continue
    text = open(path).read()
    try:
        r = one(text)
    except Exception as e:
        print("skip", path, type(e).__name__, file=sys.stderr); continue
    print(json.dumps(dict(file=os.path.basename(path), **r), ensure_ascii=False))
