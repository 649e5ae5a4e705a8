# Imported by the oracle scripts that rerun rc1's band route and shrink: rc1 with our 7 bands, the
# way ../shared/data/reference-cards were made (their README: a band per shape code and a study
# order per code from techniques.md). Each code's band and order come from kernel/data/techniques.csv;
# an engine technique is searched from the lowest band any of its codes has.
import csv
from pencilmark import band_path as BP, export as E2, solver as S

TABLE = {}
for i, row in enumerate(csv.reader(l for l in open("kernel/data/techniques.csv") if not l.startswith("#"))):
    if row[0] != "code":
        TABLE[row[0]] = (int(row[2]), i)

_classify, _tech_band = BP.classify, E2.tech_band
# engine techniques whose moves classify() names by shape, and the codes those shapes take
SHAPES = {"X-Wing": ("XWG", "FRK"), "X-Chain": ("SKY", "KTE", "TUR", "ERE", "XCL"), "FinnedFish": ("FXW", "FSW", "FJF"),
          "LawOfLeftovers": ("LOL", "PHI"), "MentalChain(direct)": ("MCH", "SKY"), "Swordfish": ("SWF", "FRK"),
          "Jellyfish": ("JLF", "FRK")}


def classify(m, p):
    code, name, band = _classify(m, p)
    return code, name, TABLE[code][0] if code in TABLE else band + 1


def tech_band(t):
    name = S.TECH_NAMES.get(t)
    if name in SHAPES:
        return min(TABLE[c][0] for c in SHAPES[name])
    code, b = E2.chip_of(t)
    if code in TABLE:
        return TABLE[code][0]
    return b + 1 if b is not None else 9


BP.classify = classify
E2.tech_band = tech_band
BP._order = lambda code: TABLE[code][1] if code in TABLE else 999
