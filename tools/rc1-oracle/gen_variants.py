"""Variant puzzles from the reference release's generator (pencilmark==1.0.0rc1, MIT licence,
`pencilmark.gen`), written as sudoku-puzzle documents with the reference's solution: the fixture
data/fixtures/rc1-generated-variants.jsonl that kernel/tests/rc1_variants.rs solves.

Usage (in a virtualenv with pencilmark==1.0.0rc1):
    python tools/rc1-oracle/gen_variants.py OUT.jsonl [SECONDS_PER_PUZZLE] [FIRST_SEED] [LAST_SEED]

Seeds run round-robin over the kinds (every kind's seed 1, then every kind's seed 2, ...), so a run
stopped early still covers the kinds evenly; a (kind, seed) already in OUT is skipped, so a run can
be resumed. Each line also keeps the generator's card (rc1's 6 bands), for the variant cards.

Each puzzle is generated in a child process killed after SECONDS_PER_PUZZLE (the generator's own
time_limit is not checked while it digs); kinds and seeds that do not finish are skipped.

rc1 writes a renban line's cells as a set in no particular order, while the exchange format wants
consecutive line cells to touch (puzzle-format.md 4.4); a renban's constraint does not depend on
the order, so its cells are rewritten in an order that touches throughout (a puzzle where none
exists is skipped).
"""
import json
import multiprocessing as mp
import queue
import sys

KINDS = ["cage", "thermo", "whisper", "renban", "between", "arrow", "kropki", "xv", "parity"]


def cell(name):
    r, c = name[1:].split("c")
    return int(r), int(c)


def touching_path(cells):
    """The cells in an order whose consecutive cells touch (king steps), or None."""
    pos = [cell(c) for c in cells]

    def walk(path, left):
        if not left:
            return path
        r, c = pos[path[-1]]
        for i in sorted(left):
            if max(abs(pos[i][0] - r), abs(pos[i][1] - c)) == 1:
                found = walk(path + [i], left - {i})
                if found:
                    return found
        return None

    for start in range(len(cells)):
        found = walk([start], set(range(len(cells))) - {start})
        if found:
            return [cells[i] for i in found]
    return None


def spec_order(doc):
    """doc with every renban line in touching order, or None if some renban has none."""
    for rule in doc["rules"]:
        if rule.get("type") == "line" and rule.get("kind") == "renban":
            path = touching_path(rule["cells"])
            if path is None:
                return None
            rule["cells"] = path
    return doc


def one(kind, seed, queue):
    from pencilmark.gen.api import generate
    from pencilmark import puzzle_json as PJ, exchange as X

    r = generate({"size": 9, "elements": {kind: 2}, "seed": seed, "time_limit": 60, "grade_seconds": 20})
    raw = r["puzzle"]
    p = PJ.from_json(raw)
    p.finalize()
    solution = raw.get("solution")
    doc = spec_order(X.write(p, meta={"title": f"rc1 generator: {kind}, seed {seed}"}))
    if doc is None:
        return
    queue.put({"kind": kind, "seed": seed, "document": doc, "solution": solution,
               "band": r["card"].get("band"), "card": r["card"]})


def main():
    out, seconds = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 300
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    last = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    done = set()
    try:
        with open(out) as f:
            for line in f:
                e = json.loads(line)
                done.add((e["kind"], e["seed"]))
    except FileNotFoundError:
        pass
    with open(out, "a") as f:
        for seed in range(first, last + 1):
            for kind in KINDS:
                if (kind, seed) in done:
                    continue
                q = mp.Queue()
                child = mp.Process(target=one, args=(kind, seed, q))
                child.start()
                # Read before joining: a child with a large card in the queue cannot exit until
                # the queue is drained.
                try:
                    entry = q.get(timeout=seconds)
                except queue.Empty:
                    entry = None
                if child.is_alive():
                    child.kill()
                child.join()
                if entry is None:
                    print(f"{kind} seed {seed}: failed or not finished in {seconds} s", file=sys.stderr)
                    continue
                f.write(json.dumps(entry, separators=(",", ":")) + "\n")
                f.flush()
                print(f"{kind} seed {seed}: ok", file=sys.stderr)


if __name__ == "__main__":
    main()
