"""Variant puzzles from the reference release's generator (pencilmark==1.0.0rc1, MIT licence,
`pencilmark.gen`), written as sudoku-puzzle documents with the reference's solution: the fixture
data/fixtures/rc1-generated-variants.jsonl that kernel/tests/rc1_variants.rs solves.

Usage (in a virtualenv with pencilmark==1.0.0rc1):
    python tools/rc1-oracle/gen_variants.py OUT.jsonl [SECONDS_PER_PUZZLE]

Each puzzle is generated in a child process killed after SECONDS_PER_PUZZLE (the generator's own
time_limit is not checked while it digs); kinds and seeds that do not finish are skipped.
"""
import json
import multiprocessing as mp
import sys

KINDS = ["cage", "thermo", "whisper", "renban", "between", "arrow", "kropki", "xv", "parity"]
SEEDS = [1, 2, 3]


def one(kind, seed, queue):
    from pencilmark.gen.api import generate
    from pencilmark import puzzle_json as PJ, exchange as X

    r = generate({"size": 9, "elements": {kind: 2}, "seed": seed, "time_limit": 60, "grade_seconds": 20})
    raw = r["puzzle"]
    p = PJ.from_json(raw)
    p.finalize()
    solution = raw.get("solution")
    doc = X.write(p, meta={"title": f"rc1 generator: {kind}, seed {seed}"})
    queue.put({"kind": kind, "seed": seed, "document": doc, "solution": solution,
               "band": r["card"].get("band")})


def main():
    out, seconds = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 300
    with open(out, "a") as f:
        for kind in KINDS:
            for seed in SEEDS:
                q = mp.Queue()
                child = mp.Process(target=one, args=(kind, seed, q))
                child.start()
                child.join(seconds)
                if child.is_alive():
                    child.kill()
                    print(f"{kind} seed {seed}: not finished in {seconds} s", file=sys.stderr)
                    continue
                if q.empty():
                    print(f"{kind} seed {seed}: failed", file=sys.stderr)
                    continue
                f.write(json.dumps(q.get(), separators=(",", ":")) + "\n")
                f.flush()
                print(f"{kind} seed {seed}: ok", file=sys.stderr)


if __name__ == "__main__":
    main()
