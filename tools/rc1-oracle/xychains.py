# rc1's XY-chains at the reference positions against every XY-chain there (brute force, up to 6
# cells): how many of each kind rc1 lists. Run from the repository root with the rc1 venv active:
#   python tools/rc1-oracle/xychains.py
# rc1 is asked for its XY_CHAIN technique alone (with its CanonicalEnumeration on, as in its cards),
# up to 100 moves a position.
import collections, copy, sys
sys.path.insert(0, "tools/rc1-oracle")
import band7  # noqa: F401  (rc1 with our 7 bands)
import refpositions as RP
from pencilmark import api, cbackend as CB, solver as S

P = dict(api._params("human"), allow_guess=False, quality={}); P["search"] = "human"


def sees(a, b):
    ra, ca, rb, cb = a // 9, a % 9, b // 9, b % 9
    return a != b and (ra == rb or ca == cb or (ra // 3 == rb // 3 and ca // 3 == cb // 3))


def digits(m):
    return [d for d in range(1, 10) if m >> (d - 1) & 1]


def all_chains(dom, givens, max_cells=6):
    """(cells, z, eliminated cells) of every XY-chain with eliminations, each direction once."""
    bivalue = [c for c in range(81) if c not in givens and bin(dom[c]).count("1") == 2]
    out = []

    def extend(path, z, true_digit):
        if len(path) >= 3 and true_digit == z:
            el = [c for c in range(81) if c not in givens and dom[c] >> (z - 1) & 1
                  and c not in (path[0], path[-1]) and sees(c, path[0]) and sees(c, path[-1])]
            if el:
                out.append((list(path), z, el))
        if len(path) == max_cells:
            return
        for c in bivalue:
            if c not in path and sees(c, path[-1]) and dom[c] >> (true_digit - 1) & 1:
                other = [d for d in digits(dom[c]) if d != true_digit][0]
                path.append(c); extend(path, z, other); path.pop()

    for c in bivalue:
        a, b = digits(dom[c])
        extend([c], a, b); extend([c], b, a)
    return out


counts = collections.Counter()
cpuzzles = {}  # one engine puzzle per card: building it is the expensive part of a listing
for v, p, i, band, q in RP.positions():
    if v["puzzle"] not in cpuzzles:
        cpuzzles[v["puzzle"]] = CB.to_cpuzzle(p)
    cp = cpuzzles[v["puzzle"]]
    g = copy.copy(p); g.givens = q.givens
    listed = set()
    for m in CB.state_moves(g, P, disabled=set(S.TECH_NAMES) - {S.XY_CHAIN, S.CANONICAL}, limit_per_tech=100,
                            details=True, cpuzzle=cp, cand=q.domains):
        listed.add(tuple(m.get("pattern", [])))
    seen = set()
    for cells, z, el in all_chains(list(q.domains), q.givens):
        key = frozenset([tuple(cells), tuple(reversed(cells))])
        if key in seen:
            continue
        seen.add(key)
        n_digits = len({d for c in cells for d in digits(q.domains[c])})
        kind = (len(cells), "distinct digits" if n_digits == len(cells) else "a digit repeats",
                "ends see each other" if sees(cells[0], cells[-1]) else "ends apart")
        counts[kind, bool(key & listed)] += 1
for kind in sorted({k for k, _ in counts}):
    print("%d cells, %s, %s: rc1 lists %d of %d" % (kind + (counts[kind, True], counts[kind, True] + counts[kind, False])))
