"""Makes the puzzle samples kept in data/samples/ from ../shared/data/puzzles (run from the
repository root: python3 data/samples/derive.py). Only files whose licence allows copying are read:
classic-easy.txt lines 1-1000 (Sudoku Exchange bank, public domain) and 1051-2050 (QQWing output
made for this project), classic-se-rated.tsv (the same bank, public domain) and
classic-qqwing-rated.tsv (made for this project).

Every sample's solution count is checked here by a plain backtracking counter, independent of the
engine under test. Deterministic: the same inputs give byte-identical files.
"""

import random
import sys

SRC = "../shared/data/puzzles/"
OUT = "data/samples/"


def cells(line):
    return [0 if c == "." else int(c) for c in line]


def text(grid):
    return "".join("." if v == 0 else str(v) for v in grid)


PEERS = []
for i in range(81):
    r, c = divmod(i, 9)
    b = (r // 3) * 3 + c // 3
    PEERS.append({j for j in range(81) if j != i and (j // 9 == r or j % 9 == c or
                  ((j // 9) // 3) * 3 + (j % 9) // 3 == b)})


def count(grid, limit=2):
    """Solutions of a 9x9 grid, up to limit (0 when two givens clash)."""
    g = list(grid)
    for i, v in enumerate(g):
        if v and any(g[j] == v for j in PEERS[i]):
            return 0
    found = 0

    def search():
        nonlocal found
        best, options = None, None
        for i in range(81):
            if g[i] == 0:
                opts = set(range(1, 10)) - {g[j] for j in PEERS[i]}
                if best is None or len(opts) < len(options):
                    best, options = i, opts
                    if len(opts) <= 1:
                        break
        if best is None:
            found += 1
            return found >= limit
        for v in sorted(options):
            g[best] = v
            if search():
                g[best] = 0
                return True
        g[best] = 0
        return False

    search()
    return found


def solution(grid):
    g = list(grid)

    def search():
        for i in range(81):
            if g[i] == 0:
                for v in range(1, 10):
                    if all(g[j] != v for j in PEERS[i]):
                        g[i] = v
                        if search():
                            return True
                g[i] = 0
                return False
        return True

    assert search()
    return g


def rows(name):
    lines = open(SRC + name).read().splitlines()
    if name.endswith(".tsv"):
        return [(n, l.split("\t")) for n, l in enumerate(lines, 1) if n > 1]
    return [(n, [l]) for n, l in enumerate(lines, 1)]


def unique_sample():
    out = []
    easy = rows("classic-easy.txt")
    for n, (p,) in easy:
        if (1 <= n <= 1000 or 1051 <= n <= 2050) and n % 25 == 1:
            out.append((p, f"classic-easy.txt:{n}"))
    se = rows("classic-se-rated.tsv")
    for k, (n, f) in enumerate(r for r in se if r[0] > 1001):
        if k % 50 == 0 or n == len(se) + 1:
            out.append((f[0], f"classic-se-rated.tsv:{n} SE {f[1]}"))
    for k, (n, f) in enumerate(r for r in rows("classic-qqwing-rated.tsv") if r[1][1] == "Expert"):
        if k % 10 == 0:
            out.append((f[0], f"classic-qqwing-rated.tsv:{n} QQWing Expert"))
    for p, src in out:
        assert count(cells(p)) == 1, src
    return out


def multi_sample(unique, rng):
    """A given blanked: kept when two or more solutions follow (a minimal puzzle always qualifies)."""
    out = []
    for p, src in unique:
        g = cells(p)
        givens = [i for i in range(81) if g[i]]
        i = rng.choice(givens)
        g[i] = 0
        if count(g) == 2:
            out.append((text(g), f"{src}, r{i // 9 + 1}c{i % 9 + 1} blanked"))
    return out


def none_sample(unique, rng):
    """No solution. Subtle: an open cell gets a digit that is not its solution digit and clashes
    with no given, so only search finds the contradiction. Direct: a digit repeats a given of the
    cell's row, column or box."""
    out = []
    for p, src in unique:
        g = cells(p)
        sol = solution(g)
        open_cells = [i for i in range(81) if g[i] == 0]
        rng.shuffle(open_cells)
        for i in open_cells:
            allowed = [v for v in range(1, 10) if v != sol[i] and all(g[j] != v for j in PEERS[i])]
            if allowed:
                g[i] = rng.choice(allowed)
                assert count(g) == 0, src
                out.append((text(g), f"{src}, r{i // 9 + 1}c{i % 9 + 1}={g[i]} (subtle)"))
                break
    for p, src in unique[::6]:
        g = cells(p)
        i = rng.choice([i for i in range(81) if g[i] == 0])
        g[i] = rng.choice(sorted({g[j] for j in PEERS[i]} - {0}))
        assert count(g) == 0, src
        out.append((text(g), f"{src}, r{i // 9 + 1}c{i % 9 + 1}={g[i]} (direct)"))
    return out


def write(name, items):
    with open(OUT + name, "w", newline="\n") as f:
        f.write("puzzle\tsource\n")
        for p, src in items:
            assert len(p) == 81
            f.write(f"{p}\t{src}\n")
    print(f"{name}: {len(items)}", file=sys.stderr)


def main():
    unique = unique_sample()
    write("classic-unique.tsv", unique)
    write("classic-multi.tsv", multi_sample(unique, random.Random(20261204)))
    write("classic-none.tsv", none_sample(unique[::3], random.Random(20261205)))


main()
