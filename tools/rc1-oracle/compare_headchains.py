# rc1's in-the-head chains against ours at the same positions (see headchainpositions.py):
# placements both list, which price features differ (a different chain to one placement shows as
# cells / houses / spread), and whether the cheapest placement agrees. No rc1 needed.
#   python tools/rc1-oracle/compare_headchains.py headchainpositions.jsonl ours.jsonl
import collections, json, math, sys
rc = [json.loads(l) for l in open(sys.argv[1])]
us = [json.loads(l) for l in open(sys.argv[2])]
ln = lambda v: math.log(max(v, 1))
NAMES = ["const", "cells", "houses", "digits", "links", "hidden", "arith", "relation", "notes", "spread",
         "branches", "depth", "search", "uniqueness", "counting", "contradiction", "held", "coverage"]
listed, features, cheapest = collections.Counter(), collections.Counter(), collections.Counter()
for a, b in zip(rc, us):
    A = {tuple(c["place"]): c for c in a["chains"]}
    B = {tuple(c["place"]): c for c in b["chains"]}
    listed["rc1"] += len(A); listed["ours"] += len(B); listed["both"] += len(A.keys() & B.keys())
    for k in A.keys() & B.keys():
        m, x = A[k]["meta"], B[k]["x"]
        # rc1's meta holds raw counts first (cells, houses, digits, links, hidden, ...) and the
        # spread at 8; from 10 on the same transformed values as our x.
        rx = [1, ln(m[0]), ln(m[1]), ln(m[2]), m[3], m[4], m[5], m[6], m[7], math.log(max(m[8], 1e-6))] + m[10:18]
        features[tuple(NAMES[i] for i in range(18) if abs(rx[i] - x[i]) > 1e-3) or ("none",)] += 1
    if A and B:
        ca = min(A, key=lambda k: (round(A[k]["d"], 4), k))
        cb = min(B, key=lambda k: (round(B[k]["d"], 4), k))
        cheapest["same" if ca == cb else "rc1's missing in ours" if ca not in B else
                 "ours missing in rc1's" if cb not in A else "price order"] += 1
    elif A or B:
        cheapest["only one side lists chains"] += 1
print("placements listed:", dict(listed))
print("features that differ, per placement both list:")
for k, n in features.most_common():
    print("  %4d %s" % (n, ", ".join(k)))
print("cheapest placement per position:", dict(cheapest))
