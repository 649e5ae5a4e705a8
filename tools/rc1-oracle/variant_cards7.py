# rc1's card of each document of a jsonl file (a "document" key per line), rerun with our 7 bands
# (band7): prints one line per input {"kind", "seed", "card"} (card null with "error" when rc1
# fails or passes the time limit). Usage: variant_cards7.py IN.jsonl [MAX_SECONDS] > OUT.jsonl
import json
import sys

import band7  # noqa: F401  (patches rc1's bands before use)
from pencilmark import api

limit = float(sys.argv[2]) if len(sys.argv) > 2 else 120
for line in open(sys.argv[1]):
    v = json.loads(line)
    out = {"kind": v.get("kind"), "seed": v.get("seed")}
    try:
        out["card"] = api.rate(v["document"], max_seconds=limit, fields=["band", "band_index", "difficulty", "time", "contains"])
    except Exception as e:  # rc1's own refusals are data here
        out["card"], out["error"] = None, f"{type(e).__name__}: {e}"
    print(json.dumps(out), flush=True)
