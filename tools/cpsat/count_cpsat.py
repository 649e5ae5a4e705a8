"""Times CP-SAT (OR-tools) counting to 2 on the puzzles of data/samples/variants-9x9.jsonl, the peer
of the `count2-variants/<kind>` groups of the criterion bench (benches/benches/count.rs).

Usage (Python 3 with `pip install ortools`):
    python tools/cpsat/count_cpsat.py data/samples/variants-9x9.jsonl [REPEATS] > cpsat.tsv

Each rule is modelled as directly as CP-SAT allows (AllDifferent, linear sums, abs / min / max /
modulo / multiplication equalities, reified comparisons for the outside clues). One worker, as
our count runs on one thread; the search stops at the second solution. The time is CP-SAT's own
wall time for the solve (model building in Python is not counted), the median of REPEATS runs
(default 3). Prints one line per puzzle (kind, seed, count, milliseconds) and a summary per kind
on stderr; exits with an error when any count is not 1 or the solution found is not the document's
(a wrong model cannot hide behind a fast time). Only the rule forms that
data/samples/variants-9x9.jsonl uses are modelled; any other rule stops the script with its name.
"""
import json
import statistics
import sys

from ortools.sat.python import cp_model


def cell_index(name, cols):
    r, c = name[1:].split("c")
    return (int(r) - 1) * cols + int(c) - 1


class Model:
    def __init__(self, doc):
        self.m = cp_model.CpModel()
        self.rows, self.cols = doc["board"]["rows"], doc["board"]["cols"]
        self.d = doc["digits"]
        self.x = {}
        for i, g in enumerate(doc["givens"]):
            if g is None:
                continue
            self.x[i] = self.m.new_int_var(g or 1, g or self.d, f"x{i}")
        self.rules = doc["rules"]
        self.clue_edges = {}  # family -> set of frozenset pairs with a clue (for negatives)
        for rule in self.rules:
            if rule["type"] == "edge":
                fam = rule["kind"]
                self.clue_edges.setdefault(fam, set()).add(frozenset(self.cells(rule["cells"])))
        self.rossini_starts = {(r["side"], self.cells(r["cells"])[0]) for r in self.rules if r["type"] == "rossini"}
        for rule in self.rules:
            self.add(rule)

    def cells(self, names):
        return [cell_index(n, self.cols) for n in names]

    def v(self, names):
        return [self.x[i] for i in self.cells(names)]

    def boolean(self, name=""):
        return self.m.new_bool_var(name)

    def absdiff(self, a, b):
        t = self.m.new_int_var(0, self.d, "")
        self.m.add_abs_equality(t, a - b)
        return t

    def pair_table(self, a, b, test):
        self.m.add_allowed_assignments(
            [a, b], [(p, q) for p in range(1, self.d + 1) for q in range(1, self.d + 1) if test(p, q)])

    def reified_less(self, a, b):
        """A boolean that holds iff a < b."""
        t = self.boolean()
        self.m.add(a < b).only_enforce_if(t)
        self.m.add(a >= b).only_enforce_if(~t)
        return t

    def add(self, r):
        t = r["type"]
        m = self.m
        if t == "box_grid":
            h, w = r["box"]
            o = cell_index(r["origin"], self.cols)
            r0, c0 = divmod(o, self.cols)
            cell = lambda rr, cc: self.x[(r0 + rr) * self.cols + c0 + cc]
            for k in range(self.d):
                m.add_all_different([cell(k, j) for j in range(self.d)])
                m.add_all_different([cell(j, k) for j in range(self.d)])
                br, bc = k // (self.d // w) * h, k % (self.d // w) * w
                m.add_all_different([cell(br + j // w, bc + j % w) for j in range(self.d)])
        elif t == "region":
            m.add_all_different(self.v(r["cells"]))
        elif t == "cage":
            xs = self.v(r["cells"])
            m.add_all_different(xs)
            if "sum" in r:
                m.add(sum(xs) == r["sum"])
        elif t == "line":
            self.line(r)
        elif t == "arrow":
            bulb = self.v(r["bulb"])
            number = sum(b * 10 ** (len(bulb) - 1 - i) for i, b in enumerate(bulb))
            for shaft in r["lines"]:
                m.add(sum(self.v(shaft)) == number)
        elif t == "edge":
            a, b = self.v(r["cells"])
            k = r["kind"]
            if k == "kropki" and r["color"] == "white":
                m.add(self.absdiff(a, b) == 1)
            elif k == "kropki":
                self.pair_table(a, b, lambda p, q: p == 2 * q or q == 2 * p)
            elif k == "xv":
                m.add(a + b == (10 if r["letter"] == "X" else 5))
            elif k == "difference":
                m.add(self.absdiff(a, b) == r["value"])
            elif k == "sum":
                m.add(a + b == r["sum"])
            elif k == "ratio":
                self.pair_table(a, b, lambda p, q: p == r["value"] * q or q == r["value"] * p)
            elif k == "product":
                m.add_multiplication_equality(r["value"], [a, b])
            elif k == "less":
                m.add(a < b)
            else:
                raise SystemExit(f"edge kind {k} not modelled")
        elif t == "negative":
            self.negative(r)
        elif t == "sum" and r["kind"] in ("little_killer", "group", "frame"):
            m.add(sum(self.v(r["cells"])) == r["sum"])
        elif t == "sandwich":
            self.sandwich(self.v(r["cells"]), r["sum"])
        elif t == "xsum":
            xs = self.v(r["cells"])
            terms = []
            for k, xk in enumerate(xs):
                inside = self.reified_less(self.m.new_constant(k), xs[0])  # k < X
                c = m.new_int_var(0, self.d, "")
                m.add(c == xk).only_enforce_if(inside)
                m.add(c == 0).only_enforce_if(~inside)
                terms.append(c)
            m.add(xs[0] <= len(xs))
            m.add(sum(terms) == r["sum"])
        elif t == "skyscraper":
            xs = self.v(r["cells"])
            seen = [1]
            top = xs[0]
            for xk in xs[1:]:
                seen.append(self.reified_less(top, xk))
                new_top = m.new_int_var(1, self.d, "")
                m.add_max_equality(new_top, [top, xk])
                top = new_top
            m.add(sum(seen) == r["value"])
        elif t == "rossini":
            a, b, c = self.v(r["cells"])
            if r["arrow"] == "in":
                m.add(a < b)
                m.add(b < c)
            else:
                m.add(a > b)
                m.add(b > c)
        elif t == "first_seen":
            xs = self.v(r["cells"])
            digits = set(r["digits"])
            member = []
            for xk in xs:
                bk = self.boolean()
                dom = cp_model.Domain.from_values(sorted(digits))
                m.add_linear_expression_in_domain(xk, dom).only_enforce_if(bk)
                m.add_linear_expression_in_domain(xk, dom.complement()).only_enforce_if(~bk)
                member.append(bk)
            m.add_bool_or(member)
            for k, xk in enumerate(xs):
                # The first member holds the value.
                m.add(xk == r["value"]).only_enforce_if([member[k]] + [~b for b in member[:k]])
        elif t == "cell" and r["kind"] in ("odd", "even"):
            want = 1 if r["kind"] == "odd" else 0
            for xk in self.v(r["cells"]):
                m.add_linear_expression_in_domain(
                    xk, cp_model.Domain.from_values([v for v in range(1, self.d + 1) if v % 2 == want]))
        elif t == "neighbours" and "kind" in r:
            steps = {"antiknight": [(1, 2), (2, 1), (1, -2), (2, -1)], "antiking": [(1, 1), (1, -1)],
                     "nonconsecutive": [(0, 1), (1, 0)]}[r["kind"]]
            for i in self.x:
                rr, cc = divmod(i, self.cols)
                for dr, dc in steps:
                    j = (rr + dr) * self.cols + cc + dc
                    if 0 <= rr + dr < self.rows and 0 <= cc + dc < self.cols and j in self.x:
                        if r["kind"] == "nonconsecutive":
                            m.add(self.absdiff(self.x[i], self.x[j]) != 1)
                        else:
                            m.add(self.x[i] != self.x[j])
        else:
            raise SystemExit(f"rule {t} {r.get('kind', '')} not modelled")

    def line(self, r):
        m = self.m
        k = r["kind"]
        xs = self.v(r["cells"])
        n = len(xs)
        pairs = list(zip(xs, xs[1:]))
        if k == "thermo":
            for a, b in pairs:
                m.add(a < b)
        elif k == "slow_thermo":
            for a, b in pairs:
                m.add(a <= b)
        elif k == "whisper":
            for a, b in pairs:
                m.add(self.absdiff(a, b) >= r.get("value", 5))
        elif k == "renban":
            m.add_all_different(xs)
            lo, hi = m.new_int_var(1, self.d, ""), m.new_int_var(1, self.d, "")
            m.add_min_equality(lo, xs)
            m.add_max_equality(hi, xs)
            m.add(hi - lo == n - 1)
        elif k == "region_sum":
            boxes = [self.box_of(i) for i in self.cells(r["cells"])]
            runs = []
            for i, xk in enumerate(xs):
                if i and boxes[i] == boxes[i - 1]:
                    runs[-1].append(xk)
                else:
                    runs.append([xk])
            for a, b in zip(runs, runs[1:]):
                m.add(sum(a) == sum(b))
        elif k == "palindrome":
            for i in range(n // 2):
                m.add(xs[i] == xs[n - 1 - i])
        elif k in ("entropic", "modular"):
            cls = []
            for xk in xs:
                c = m.new_int_var(0, 2, "")
                if k == "entropic":
                    m.add_division_equality(c, xk - 1, 3)
                else:
                    m.add_modulo_equality(c, xk, 3)
                cls.append(c)
            for i in range(n - 2):
                m.add_all_different(cls[i:i + 3])
            if n == 2:
                m.add(cls[0] != cls[1])
        elif k == "parity":
            par = []
            for xk in xs:
                p = m.new_int_var(0, 1, "")
                m.add_modulo_equality(p, xk, 2)
                par.append(p)
            for a, b in zip(par, par[1:]):
                m.add(a != b)
        elif k == "zipper":
            total = xs[0] + xs[-1]
            for i in range(1, n // 2):
                m.add(xs[i] + xs[n - 1 - i] == total)
            if n % 2:
                m.add(xs[n // 2] == total)
        elif k in ("between", "lockout"):
            lo, hi = m.new_int_var(1, self.d, ""), m.new_int_var(1, self.d, "")
            m.add_min_equality(lo, [xs[0], xs[-1]])
            m.add_max_equality(hi, [xs[0], xs[-1]])
            if k == "between":
                for xk in xs[1:-1]:
                    m.add(xk > lo)
                    m.add(xk < hi)
            else:
                m.add(hi - lo >= r.get("value", 4))
                for xk in xs[1:-1]:
                    below = self.boolean()
                    m.add(xk < lo).only_enforce_if(below)
                    m.add(xk > hi).only_enforce_if(~below)
        else:
            raise SystemExit(f"line kind {k} not modelled")

    def box_of(self, i):
        r, c = divmod(i, self.cols)
        return r // 3 * 3 + c // 3

    def sandwich(self, xs, total):
        m = self.m
        is1 = [self.boolean() for _ in xs]
        isd = [self.boolean() for _ in xs]
        for xk, b1, bd in zip(xs, is1, isd):
            m.add(xk == 1).only_enforce_if(b1)
            m.add(xk != 1).only_enforce_if(~b1)
            m.add(xk == self.d).only_enforce_if(bd)
            m.add(xk != self.d).only_enforce_if(~bd)
        m.add_exactly_one(is1)
        m.add_exactly_one(isd)
        p1 = sum(k * b for k, b in enumerate(is1))
        pd = sum(k * b for k, b in enumerate(isd))
        lo, hi = m.new_int_var(0, len(xs), ""), m.new_int_var(0, len(xs), "")
        m.add_min_equality(lo, [p1, pd])
        m.add_max_equality(hi, [p1, pd])
        terms = []
        for k, xk in enumerate(xs):
            after, before = self.boolean(), self.boolean()
            m.add(lo < k).only_enforce_if(after)
            m.add(lo >= k).only_enforce_if(~after)
            m.add(hi > k).only_enforce_if(before)
            m.add(hi <= k).only_enforce_if(~before)
            c = m.new_int_var(0, self.d, "")
            m.add(c == xk).only_enforce_if([after, before])
            inside = self.boolean()
            m.add_bool_and([after, before]).only_enforce_if(inside)
            m.add_bool_or([~after, ~before]).only_enforce_if(~inside)
            m.add(c == 0).only_enforce_if(~inside)
            terms.append(c)
        m.add(sum(terms) == total)

    def negative(self, r):
        m = self.m
        of = r["of"]
        if of in ("kropki", "xv"):
            for i in self.x:
                for j in (i + 1, i + self.cols):
                    if j not in self.x or (j == i + 1 and j % self.cols == 0):
                        continue
                    if frozenset((i, j)) in self.clue_edges.get(of, set()):
                        continue
                    a, b = self.x[i], self.x[j]
                    if of == "kropki":
                        self.pair_table(a, b, lambda p, q: abs(p - q) != 1 and p != 2 * q and q != 2 * p)
                    else:
                        m.add(a + b != 10)
                        m.add(a + b != 5)
        elif of == "rossini":
            for i in range(self.d):
                for side, cells in (("left", [i * 9 + k for k in range(3)]), ("right", [i * 9 + 8 - k for k in range(3)]),
                                    ("top", [k * 9 + i for k in range(3)]), ("bottom", [(8 - k) * 9 + i for k in range(3)])):
                    if (side, cells[0]) in self.rossini_starts:
                        continue
                    a, b, c = (self.x[k] for k in cells)
                    # Three different digits of one row or column, neither rising nor falling.
                    m.add(self.reified_less(a, b) != self.reified_less(b, c))
        else:
            raise SystemExit(f"negative of {of} not modelled")


def count_to_two(model, seconds=600.0):
    """(solutions found, up to 2, or None when CP-SAT gave up; the first solution, cell by cell;
    CP-SAT's wall time in seconds)."""

    class Stop(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.n = 0
            self.first = None

        def on_solution_callback(self):
            self.n += 1
            if self.first is None:
                self.first = [self.value(model.x[i]) for i in sorted(model.x)]
            if self.n >= 2:
                self.stop_search()

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.max_time_in_seconds = seconds
    cb = Stop()
    status = solver.solve(model.m, cb)
    if status == cp_model.UNKNOWN:
        return None, None, solver.wall_time
    return cb.n, cb.first, solver.wall_time


def main():
    path = sys.argv[1]
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    per_kind = {}
    wrong = []
    print("kind\tseed\tcount\tms")
    for line in open(path):
        item = json.loads(line)
        doc = item["document"]
        times = []
        for _ in range(repeats):
            n, first, wall = count_to_two(Model(doc))
            times.append(wall * 1000)
            # Every puzzle of the set is unique, with its solution in the document: a model that
            # finds another count or another grid is wrong, and its time would mean nothing.
            if n != 1 or first != doc["solution"]:
                wrong.append(f"{item['kind']} seed {item['seed']}: count {n}")
        ms = statistics.median(times)
        print(f"{item['kind']}\t{item['seed']}\t{n}\t{ms:.3f}", flush=True)
        per_kind.setdefault(item["kind"], []).append(ms)
    for kind, ms in per_kind.items():
        print(f"{kind}: median {statistics.median(ms):.2f} ms, worst {max(ms):.2f} ms over {len(ms)}", file=sys.stderr)
    if wrong:
        sys.exit("CP-SAT disagrees with the set (count or solution):\n" + "\n".join(sorted(set(wrong))))


if __name__ == "__main__":
    main()
