# Run from the repository root after positionmoves.py and
#   cargo run --release -p pencilmark --example replay_reference -- --moves > ourmoves.jsonl
# Per technique code: at how many reference positions rc1 and we offer it (the alternatives search's
# "seen" set), and how many elimination sets agree: python compare_positions.py [rc1moves.jsonl]
import json, sys, collections
rc1 = {(r["src"], r["n"]): r for r in map(json.loads, open(sys.argv[1] if len(sys.argv) > 1 else "rc1moves.jsonl"))}
seen, sets = collections.Counter(), collections.Counter()
codes = set()
for ours in map(json.loads, open("ourmoves.jsonl")):
    theirs = rc1.get((ours["src"], ours["n"]))
    if not theirs: continue
    for code in {m[0] for m in ours["moves"]} | {m[0] for m in theirs["moves"]}:
        codes.add(code)
        a = {tuple(m[2]) for m in ours["moves"] if m[0] == code}
        b = {tuple(m[2]) for m in theirs["moves"] if m[0] == code}
        seen[(code, bool(a), bool(b))] += 1
        sets[(code, "both")] += len(a & b); sets[(code, "ours")] += len(a - b); sets[(code, "rc1")] += len(b - a)
print("code  offered: both ours-only rc1-only | elimination sets: both ours-only rc1-only")
for c in sorted(codes):
    print(f"{c:5} {seen[(c, True, True)]:5} {seen[(c, True, False)]:5} {seen[(c, False, True)]:5} | "
          f"{sets[(c, 'both')]:5} {sets[(c, 'ours')]:5} {sets[(c, 'rc1')]:5}")
