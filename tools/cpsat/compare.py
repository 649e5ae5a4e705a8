"""Sets pencilmark's count-to-2 times beside CP-SAT's, per kind of data/samples/variants-9x9.jsonl.

Usage (after `cargo bench -p pencilmark-benches --bench count -- count2-variants` and
`python tools/cpsat/count_cpsat.py data/samples/variants-9x9.jsonl > cpsat.tsv`):
    python3 tools/cpsat/compare.py cpsat.tsv [target/criterion] > table.md

Our time for a puzzle is criterion's median time per iteration of `count2-variants/<kind>/
pencilmark/<seed>`; CP-SAT's is the script's median of repeats. Per kind: the median and the worst
over its puzzles, the ratio of the medians, and whether the kind meets issue 30's target (our
median at least 10x faster than CP-SAT's, and no puzzle of ours slower than CP-SAT's worst).
Prints a markdown table; a puzzle missing on either side stops the script.
"""
import csv
import json
import pathlib
import statistics
import sys


def criterion_times(root):
    """{(kind, seed): milliseconds} from criterion's latest run of the count2-variants groups."""
    times = {}
    for bench in pathlib.Path(root).glob("count2-variants_*/pencilmark/*/new/benchmark.json"):
        meta = json.loads(bench.read_text())
        estimates = json.loads((bench.parent / "estimates.json").read_text())
        kind = meta["group_id"].split("/", 1)[1]
        times[(kind, meta["value_str"])] = estimates["median"]["point_estimate"] / 1e6
    return times


def ms(x):
    return f"{x:.3f}" if x < 1 else f"{x:.2f}" if x < 100 else f"{x:.0f}"


def main():
    cpsat_path = sys.argv[1]
    ours = criterion_times(sys.argv[2] if len(sys.argv) > 2 else "target/criterion")
    kinds = {}  # kind -> [(ours ms, CP-SAT ms)], in the file's order
    with open(cpsat_path) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            key = (row["kind"], row["seed"])
            if key not in ours:
                sys.exit(f"no criterion time for {key[0]} seed {key[1]}")
            kinds.setdefault(row["kind"], []).append((ours.pop(key), float(row["ms"])))
    if ours:
        sys.exit(f"criterion times without a CP-SAT time: {sorted(ours)}")
    print("| kind | puzzles | pencilmark median ms | pencilmark worst ms | CP-SAT median ms | CP-SAT worst ms "
          "| median ratio | target |")
    print("|---|--:|--:|--:|--:|--:|--:|---|")
    met = 0
    for kind, pairs in kinds.items():
        our = [p[0] for p in pairs]
        peer = [p[1] for p in pairs]
        ratio = statistics.median(peer) / statistics.median(our)
        misses = []
        if ratio < 10:
            misses.append("median < 10x")
        if max(our) > max(peer):
            misses.append("worst > CP-SAT worst")
        met += not misses
        print(f"| {kind} | {len(pairs)} | {ms(statistics.median(our))} | {ms(max(our))} "
              f"| {ms(statistics.median(peer))} | {ms(max(peer))} | {ratio:.1f}x "
              f"| {'met' if not misses else 'missed: ' + ', '.join(misses)} |")
    print(f"\n{met} of {len(kinds)} kinds meet the target.")


if __name__ == "__main__":
    main()
