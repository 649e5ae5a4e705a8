//! The `teach` explanation level (grade-card-format.txt section 5): a few sentences for a learner,
//! where to look (this step's houses, cells, candidates and digits, read on the position before
//! it), why it works (the technique's reasoning, kernel/data/teach.csv, one text per technique),
//! and what it achieves (the placement or the eliminations), e.g.
//! "Look at the places for 3 in row 5 (r5c6 or r5c8) and row 8 (r8c6 or r8c8): all of them lie in
//! column 6 and column 8. If a digit has exactly two places ... So 3 can be removed from r6c6,
//! r7c6 and r9c6."
//!
//! Every wording is fixed by the step: the same step always reads the same.

use super::short::{and_list, houses_words, symbol};
use crate::board::{Board, Geometry};
use crate::route::Step;
use crate::techniques::{Candidate, ChainNode, Pattern, State, code};

/// The teach text of `step`, played on `before` (the position just before it) with its `pattern`
/// (as the notation found it). None when the step cannot be reconstructed: a technique whose
/// pattern search did not give the step's pattern back (the budget cut it).
pub fn teach_text<const W: usize>(
    board: &Board,
    geo: &Geometry<W>,
    before: &State<W>,
    step: &Step,
    pattern: &Pattern,
) -> Option<String> {
    let why = step.tech.teach_why();
    let reader = Reader { board, geo, before, step };
    let look = reader.look(pattern)?;
    let left = reader.single_left().map(|l| format!(" {l}")).unwrap_or_default();
    Some(format!("{look} {why}{left} {}", achieves(board, step)))
}

/// What the step does: "So r3c5 must be 4." / "So 3 can be removed from r6c6, r7c6 and r9c6."
fn achieves(board: &Board, step: &Step) -> String {
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|p| format!("{} must be {}", board.cell_name(p.cell), symbol(p.digit)))
        .collect();
    let mut digits: Vec<u8> = step.eliminations.iter().map(|e| e.digit).collect();
    digits.sort_unstable();
    digits.dedup();
    let removals: Vec<String> = digits
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            let cells: Vec<usize> =
                step.eliminations.iter().filter(|e| e.digit == d).map(|e| e.cell).collect();
            // "3 can be removed from r1c1 and 5 from r2c2": the verb once.
            let verb = if i == 0 { " can be removed" } else { "" };
            format!("{}{verb} from {}", symbol(d), cells_words(board, &cells))
        })
        .collect();
    if !removals.is_empty() {
        parts.push(and_list(&removals));
    }
    format!("So {}.", and_list(&parts))
}

/// Cells in words: "r6c6, r7c6 and r9c6".
fn cells_words(board: &Board, cells: &[usize]) -> String {
    and_list(&cells.iter().map(|&c| board.cell_name(c)).collect::<Vec<_>>())
}

/// "a", "a or b", "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn digits_of(mask: u32) -> Vec<String> {
    (0..32).filter(|d| mask >> d & 1 == 1).map(|d| symbol(d as u8 + 1)).collect()
}

/// One step read on the position before it.
struct Reader<'a, const W: usize> {
    board: &'a Board,
    geo: &'a Geometry<W>,
    before: &'a State<W>,
    step: &'a Step,
}

impl<const W: usize> Reader<'_, W> {
    fn house(&self, h: usize) -> String {
        self.board.house_words(h)
    }

    /// A cell with its candidates: "r1c1 (7 or 9)".
    fn with_candidates(&self, cell: usize) -> String {
        let m = self.before.cell_mask(self.geo, cell);
        format!("{} ({})", self.board.cell_name(cell), or_list(&digits_of(m)))
    }

    fn cells_with_candidates(&self, cells: &[usize]) -> String {
        and_list(&cells.iter().map(|&c| self.with_candidates(c)).collect::<Vec<_>>())
    }

    /// The open cells of house `h` where digit `d` (1-based) is still a candidate.
    fn spots(&self, h: usize, d: u8) -> Vec<usize> {
        let open = self.before.open_cells(self.geo);
        self.before.planes[d as usize - 1].and(&self.geo.houses[h]).and(&open).iter().collect()
    }

    /// A house in which `a` and `b` are the only places for `d`: the strong link between them.
    fn link_house(&self, a: usize, b: usize, d: u8) -> Option<usize> {
        self.geo.cell_houses[a].iter().copied().find(|&h| {
            self.geo.houses[h].contains(b) && {
                let s = self.spots(h, d);
                s.len() == 2 && s.contains(&a) && s.contains(&b)
            }
        })
    }

    fn digits_words(&self) -> String {
        and_list(&digits_of(self.step.digits))
    }

    /// The single digit of a one-digit step.
    fn digit(&self) -> Option<u8> {
        (self.step.digits.count_ones() == 1).then(|| self.step.digits.trailing_zeros() as u8 + 1)
    }

    /// Where to look, in one or two sentences ending with a full stop; None when the step's
    /// pattern is not there to point at.
    fn look(&self, pattern: &Pattern) -> Option<String> {
        let t = self.step.tech;
        let s = self.step;
        if t == code::FHS || t == code::HSI || t == code::NSI {
            return self.single();
        }
        if (t == code::PPR || t == code::MSI) && !s.placements.is_empty() {
            return self.in_the_head(pattern);
        }
        if t == code::PPR && s.placements.is_empty() && s.houses.len() == 2 {
            let d = self.digit()?;
            let (a, b) = (s.houses[0], s.houses[1]);
            return Some(format!(
                "In {}, {} can only go in {}, and all of these cells lie in {} too.",
                self.house(a),
                symbol(d),
                or_list(&self.spots(a, d).iter().map(|&c| self.board.cell_name(c)).collect::<Vec<_>>()),
                self.house(b)
            ));
        }
        if SUBSETS.contains(&t) && s.houses.len() == 1 {
            return Some(self.subset(s.houses[0]));
        }
        if t == code::SDC && s.houses.len() == 2 && *pattern == Pattern::Unbuilt {
            let open = self.before.open_cells(self.geo);
            let (l, b) = (s.houses[0], s.houses[1]);
            let cells: Vec<usize> = self.geo.houses[l].and(&self.geo.houses[b]).and(&open).iter().collect();
            return Some(format!(
                "Look at the cells where {} meets {}: {}.",
                self.house(l),
                self.house(b),
                self.cells_with_candidates(&cells)
            ));
        }
        if FISH.contains(&t) && s.houses.len() >= 4 && s.houses.len().is_multiple_of(2) {
            return self.fish();
        }
        match pattern {
            Pattern::Unbuilt if super::notation::builds_pattern(t) => None,
            Pattern::Unbuilt => Some(self.generic()),
            Pattern::Wing { cells, z } => Some(self.wing(cells, *z)),
            Pattern::Cells(cells) => Some(self.cells(cells)),
            Pattern::Connected([a, b, c, d]) => self.connected([*a, *b, *c, *d]),
            Pattern::BoxAndPair { house, pair } => self.box_and_pair(*house, *pair),
            Pattern::Chain(nodes) => Some(self.chain(nodes)),
            Pattern::Colours(clusters) => Some(self.colours(clusters)),
            Pattern::CandidateColours(colours) => Some(self.candidate_colours(colours)),
            Pattern::Als { sets, x } => Some(self.als(sets, *x)),
            Pattern::AlsChain { nodes, sets } => Some(self.als_chain(nodes, sets)),
            Pattern::Blossom { stem, petals } => Some(self.blossom(*stem, petals)),
            Pattern::SueDeCoq { cross, line, boxed } => Some(self.sue_de_coq(cross, line, boxed)),
            Pattern::Excluded { pair, by } => Some(self.excluded(*pair, by)),
            Pattern::HeadLocks { .. } | Pattern::HeadSubset { .. } => self.in_the_head(pattern),
            Pattern::Cases { options, house, contradiction } => self.cases(options, *house, *contradiction),
        }
    }

    /// An almost locked set in words: "r1c2 and r1c3 (digits 4, 7 and 8)".
    fn set_words(&self, cells: &[usize]) -> String {
        let mask = cells.iter().fold(0, |m, &c| m | self.before.cell_mask(self.geo, c));
        format!("{} (digits {})", cells_words(self.board, cells), and_list(&digits_of(mask)))
    }

    fn als_chain(&self, nodes: &[ChainNode], sets: &[(usize, Vec<usize>)]) -> String {
        let chain = self.chain(nodes);
        if sets.is_empty() {
            return chain;
        }
        let named: Vec<String> = sets
            .iter()
            .map(|(i, cells)| {
                let (a, b) = (&nodes[*i], &nodes[i + 1]);
                format!(
                    "{} (if it has no {}, it holds {})",
                    self.set_words(cells),
                    symbol(a.digit),
                    symbol(b.digit)
                )
            })
            .collect();
        let word = if sets.len() == 1 { "set" } else { "sets" };
        format!("{chain} The links inside the almost locked {word} {} are strong.", and_list(&named))
    }

    fn blossom(&self, stem: usize, petals: &[(u8, Vec<usize>)]) -> String {
        let petals: Vec<String> = petals
            .iter()
            .map(|(d, cells)| format!("for {}, the almost locked set {}", symbol(*d), self.set_words(cells)))
            .collect();
        format!(
            "Look at the stem cell {} and its petals, one per candidate: {}.",
            self.with_candidates(stem),
            petals.join("; ")
        )
    }

    fn sue_de_coq(&self, cross: &[usize], line: &[usize], boxed: &[usize]) -> String {
        let s = self.step;
        let (l, b) = match s.houses.as_slice() {
            [l, b] => (self.house(*l), self.house(*b)),
            _ => ("the line".to_string(), "the box".to_string()),
        };
        format!(
            "Look at the cells where {l} meets {b}: {}. With them, {} of {l} and {} of {b} hold as many digits as cells.",
            self.cells_with_candidates(cross),
            self.cells_with_candidates(line),
            self.cells_with_candidates(boxed)
        )
    }

    fn excluded(&self, [a, b]: [usize; 2], by: &[usize]) -> String {
        format!(
            "Look at the pair {} and {}, which see each other, and at the cells with two candidates they both see: {}. A pair of values equal to one of those cells' candidates would leave it empty.",
            self.with_candidates(a),
            self.with_candidates(b),
            self.cells_with_candidates(by)
        )
    }

    /// Where a case or trial step looks: the candidate it assumes, or the options it follows.
    fn cases(&self, options: &[Candidate], house: Option<usize>, contradiction: bool) -> Option<String> {
        let first = options.first()?;
        let d = symbol(first.digit);
        let names: Vec<String> = options.iter().map(|o| self.board.cell_name(o.cell)).collect();
        Some(match (house, contradiction) {
            (Some(h), true) => {
                let places: Vec<String> =
                    self.spots(h, first.digit).iter().map(|&c| self.board.cell_name(c)).collect();
                format!(
                    "Look at the places for {d} in {} ({}) and suppose it went in {}: that case breaks the puzzle.",
                    self.house(h),
                    or_list(&places),
                    names[0]
                )
            }
            (Some(h), false) => format!(
                "Look at the places for {d} in {} ({}) and take each in turn: every case leads to this result.",
                self.house(h),
                or_list(&names)
            ),
            (None, true) => format!(
                "Look at {} and suppose it were {d}: that case breaks the puzzle.",
                self.with_candidates(first.cell)
            ),
            (None, false) => format!(
                "Look at {} and take each of its candidates in turn: every case leads to this result.",
                self.with_candidates(first.cell)
            ),
        })
    }

    /// For a pattern worked in the head (a chain or rectangle on the placed digits): the step is
    /// the single its eliminations leave, which are not written down.
    fn single_left(&self) -> Option<String> {
        let s = self.step;
        let p = s.placements.first()?;
        if !HEAD_CHAINS.contains(&s.tech) {
            return None;
        }
        Some(format!(
            "Done in the head, without notes: what this rules out leaves {} with {} as a single.",
            self.board.cell_name(p.cell),
            symbol(p.digit)
        ))
    }

    /// A placement found without notes (pointing / claiming or a pair or triple in the head): the
    /// locks or the subset it counts on, read on the placed digits alone, then the single left.
    fn in_the_head(&self, pattern: &Pattern) -> Option<String> {
        let p = *self.step.placements.first()?;
        let (clauses, single) = match pattern {
            Pattern::HeadLocks { locks, single } => {
                let clauses: Vec<String> = locks
                    .iter()
                    .map(|l| {
                        format!(
                            "the {} of {} can only go in {}, where it meets {}",
                            symbol(l.digit),
                            self.house(l.from),
                            or_list(&l.cells.iter().map(|&c| self.board.cell_name(c)).collect::<Vec<_>>()),
                            self.house(l.to)
                        )
                    })
                    .collect();
                (clauses, *single)
            }
            Pattern::HeadSubset { house, cells, digits, naked, single } => {
                let clause = if *naked {
                    format!(
                        "in {}, {} can only hold {} between them, so those digits are used up there",
                        self.house(*house),
                        cells_words(self.board, cells),
                        and_list(&digits_of(*digits))
                    )
                } else {
                    format!(
                        "in {}, {} can only go in {}, so those cells hold nothing else",
                        self.house(*house),
                        and_list(&digits_of(*digits)),
                        cells_words(self.board, cells)
                    )
                };
                (vec![clause], *single)
            }
            _ => return None,
        };
        let cell = self.board.cell_name(p.cell);
        let d = symbol(p.digit);
        let left = match single {
            Some(h) => format!("{cell} is the only place left for {d} in {}", self.house(h)),
            None => format!("{cell} has only {d} left"),
        };
        Some(format!(
            "Without notes, looking only at the placed digits: {}. Then {left}.",
            and_list(&clauses)
        ))
    }

    fn single(&self) -> Option<String> {
        let s = self.step;
        let p = *s.placements.first()?;
        let cell = self.board.cell_name(p.cell);
        let d = symbol(p.digit);
        let t = s.tech;
        if t == code::FHS {
            let h = *s.houses.first()?;
            return Some(format!("Look at {}: {cell} is its only empty cell.", self.house(h)));
        }
        if t == code::HSI {
            let h = *s.houses.first()?;
            let open = self.geo.houses[h].and(&self.before.open_cells(self.geo)).len();
            return Some(format!(
                "Look for the places for {d} in {}: of its {open} empty cells, only {cell} can still take {d}.",
                self.house(h)
            ));
        }
        // A naked single: say whether the digits around the cell rule out the others alone.
        let houses: Vec<String> = self.geo.cell_houses[p.cell].iter().map(|&h| self.house(h)).collect();
        let seen = self.geo.peers[p.cell].iter().fold(0u32, |m, c| match self.before.values[c] {
            0 => m,
            v => m | 1 << (v - 1),
        });
        let others = ((1u64 << self.geo.digits) - 1) as u32 & !(1 << (p.digit - 1));
        Some(if seen & others == others {
            format!("Look at {cell}: {} already hold every digit but {d} between them.", and_list(&houses))
        } else {
            format!(
                "Look at {cell}: {d} is its only candidate left, the other digits being in {} or ruled out by earlier steps.",
                and_list(&houses)
            )
        })
    }

    fn subset(&self, h: usize) -> String {
        let s = self.step;
        let open = self.geo.houses[h].and(&self.before.open_cells(self.geo));
        let naked = [code::NPR, code::NTR, code::NQD].contains(&s.tech);
        let cells: Vec<usize> = open
            .iter()
            .filter(|&c| {
                let m = self.before.cell_mask(self.geo, c);
                if naked { m & !s.digits == 0 } else { m & s.digits != 0 }
            })
            .collect();
        if naked {
            format!(
                "In {}, the cells {} hold only the digits {} between them.",
                self.house(h),
                self.cells_with_candidates(&cells),
                self.digits_words()
            )
        } else {
            format!(
                "In {}, the digits {} can only go in {}.",
                self.house(h),
                self.digits_words(),
                cells_words(self.board, &cells)
            )
        }
    }

    fn fish(&self) -> Option<String> {
        let d = self.digit()?;
        let s = self.step;
        let (bases, covers) = s.houses.split_at(s.houses.len() / 2);
        let in_bases: Vec<String> = bases
            .iter()
            .map(|&b| {
                let spots: Vec<String> = self.spots(b, d).iter().map(|&c| self.board.cell_name(c)).collect();
                format!("{} ({})", self.house(b), or_list(&spots))
            })
            .collect();
        let covered = |c: usize| covers.iter().any(|&h| self.geo.houses[h].contains(c));
        let fins: Vec<usize> =
            bases.iter().flat_map(|&b| self.spots(b, d)).filter(|&c| !covered(c)).collect::<Vec<_>>();
        let mut fins = fins;
        fins.sort_unstable();
        fins.dedup();
        let covers_words = and_list(&covers.iter().map(|&h| self.house(h)).collect::<Vec<_>>());
        let d = symbol(d);
        Some(match fins.as_slice() {
            [] => format!(
                "Look at the places for {d} in {}: all of them lie in {covers_words}.",
                and_list(&in_bases)
            ),
            [fin] => format!(
                "Look at the places for {d} in {}: all of them lie in {covers_words} but the fin {}.",
                and_list(&in_bases),
                self.board.cell_name(*fin)
            ),
            _ => format!(
                "Look at the places for {d} in {}: all of them lie in {covers_words} but the fins {}.",
                and_list(&in_bases),
                cells_words(self.board, &fins)
            ),
        })
    }

    fn wing(&self, cells: &[usize], z: u8) -> String {
        let z = symbol(z);
        match cells {
            [pivot, wings @ ..] if [code::YWG, code::XYZ].contains(&self.step.tech) => format!(
                "Look at the pivot {} and the wings it sees, {}: {z} is the digit the wings share.",
                self.with_candidates(*pivot),
                self.cells_with_candidates(wings)
            ),
            _ => format!(
                "Look at the cells {}: between them they hold only {}, and {z} is the digit that is not confined to cells seeing each other.",
                self.cells_with_candidates(cells),
                self.digits_words()
            ),
        }
    }

    fn cells(&self, cells: &[usize]) -> String {
        let mut text = format!("Look at {}", self.cells_with_candidates(cells));
        if !self.step.houses.is_empty() {
            text += &format!(" in {}", houses_words(self.board, &self.step.houses));
        }
        text + "."
    }

    fn connected(&self, [a, b, c, e]: [usize; 4]) -> Option<String> {
        let d = self.digit()?;
        let name = |x: usize| self.board.cell_name(x);
        let first = self.link_house(a, b, d).map(|h| format!(" of {}", self.house(h))).unwrap_or_default();
        let second = self.link_house(c, e, d).map(|h| format!(" of {}", self.house(h))).unwrap_or_default();
        Some(format!(
            "Look at the places for {}: {} and {} are the only two{first}, {} and {} the only two{second}, and {} sees {}. The ends are {} and {}.",
            symbol(d),
            name(a),
            name(b),
            name(c),
            name(e),
            name(b),
            name(c),
            name(a),
            name(e)
        ))
    }

    fn box_and_pair(&self, bx: usize, [p, q]: [usize; 2]) -> Option<String> {
        let d = self.digit()?;
        let spots = self.spots(bx, d);
        let link = self.link_house(p, q, d).map(|h| format!(" in {}", self.house(h))).unwrap_or_default();
        Some(format!(
            "Look at the places for {} in {} ({}): they lie on one row and one column of the box. {} and {} are the only places for it{link}.",
            symbol(d),
            self.house(bx),
            cells_words(self.board, &spots),
            self.board.cell_name(p),
            self.board.cell_name(q)
        ))
    }

    /// A node asserted ("r1c1 is 8", "8 is in r1c1 or r1c2") or denied.
    fn node(&self, n: &ChainNode, true_: bool) -> String {
        let d = symbol(n.digit);
        match (n.cells.as_slice(), true_) {
            ([c], true) => format!("{} is {d}", self.board.cell_name(*c)),
            ([c], false) => format!("{} is not {d}", self.board.cell_name(*c)),
            (cells, true) => format!(
                "{d} is in {}",
                or_list(&cells.iter().map(|&c| self.board.cell_name(c)).collect::<Vec<_>>())
            ),
            ([a, b], false) => {
                format!("{d} is in neither {} nor {}", self.board.cell_name(*a), self.board.cell_name(*b))
            }
            (cells, false) => format!("{d} is in none of {}", cells_words(self.board, cells)),
        }
    }

    /// The chain read as a run of if-then steps: links alternate strong (the first) and weak, so
    /// denying the first node makes every second node true.
    fn chain(&self, nodes: &[ChainNode]) -> String {
        let Some(first) = nodes.first() else { return self.generic() };
        let mut text = format!("Follow the chain: if {}", self.node(first, false));
        for (i, n) in nodes.iter().enumerate().skip(1) {
            let word = if i == 1 { ", then" } else { ", so" };
            text += &format!("{word} {}", self.node(n, i % 2 == 1));
        }
        let last = nodes.last().expect("non-empty");
        if nodes.len().is_multiple_of(2) && nodes.len() > 1 {
            text += &format!(". So {} or {}.", self.node(first, true), self.node(last, true));
        } else {
            text += ".";
        }
        text
    }

    fn colours(&self, clusters: &[[Vec<usize>; 2]]) -> String {
        let d = self.digit().map(symbol).unwrap_or_else(|| self.digits_words());
        let parts: Vec<String> = clusters
            .iter()
            .map(|[a, b]| format!("{} against {}", cells_words(self.board, a), cells_words(self.board, b)))
            .collect();
        format!("Colour the places for {d} linked in pairs: {}.", parts.join("; and "))
    }

    fn candidate_colours(&self, colours: &[Vec<Candidate>; 2]) -> String {
        let [a, b] = colours.each_ref().map(|cands| {
            and_list(
                &cands
                    .iter()
                    .map(|c| format!("{} = {}", self.board.cell_name(c.cell), symbol(c.digit)))
                    .collect::<Vec<_>>(),
            )
        });
        format!("Colour the candidates linked in pairs: one colour is {a}; the other is {b}.")
    }

    fn als(&self, sets: &[Vec<usize>], x: u32) -> String {
        let named: Vec<String> = sets
            .iter()
            .zip('A'..)
            .map(|(cells, letter)| {
                let mask = cells.iter().fold(0, |m, &c| m | self.before.cell_mask(self.geo, c));
                format!(
                    "{letter} = {} (digits {})",
                    cells_words(self.board, cells),
                    and_list(&digits_of(mask))
                )
            })
            .collect();
        format!("Look at the almost locked sets {}, linked by {}.", and_list(&named), and_list(&digits_of(x)))
    }

    /// The choice a case or trial step splits on, where its houses name one: every house of one
    /// cell (that cell: one candidate assumed, or each in turn) or one house with the places of a
    /// digit in it (each place in turn).
    fn case_choice(&self) -> Option<String> {
        let s = self.step;
        if !CASES.contains(&s.tech) {
            return None;
        }
        let (&first, rest) = s.houses.split_first()?;
        let open = self.before.open_cells(self.geo);
        if !rest.is_empty() {
            let common =
                rest.iter().fold(self.geo.houses[first].and(&open), |acc, &h| acc.and(&self.geo.houses[h]));
            let cell = common.first().filter(|_| common.len() == 1)?;
            if self.geo.cell_houses[cell] != s.houses {
                return None;
            }
            let name = self.board.cell_name(cell);
            let mask = self.before.cell_mask(self.geo, cell);
            return Some(match (s.eliminations.as_slice(), s.placements.as_slice()) {
                ([e], []) if e.cell == cell && s.digits == 1 << (e.digit - 1) => {
                    format!("Look at {name} and suppose it were {}.", symbol(e.digit))
                }
                // A placement on a two-way cell: the other candidate is the side that breaks.
                ([], [p]) if p.cell == cell && mask.count_ones() == 2 => {
                    let other = (mask & !(1 << (p.digit - 1))).trailing_zeros() as u8 + 1;
                    format!("Look at {} and suppose it were {}.", self.with_candidates(cell), symbol(other))
                }
                _ => {
                    format!("Look at {} and take each of its candidates in turn.", self.with_candidates(cell))
                }
            });
        }
        // One house: the digit whose places are the choice (the step's digits also name the
        // eliminated one).
        let cleared = s.eliminations.iter().fold(0u32, |m, e| m | 1 << (e.digit - 1));
        let choice = if (s.digits & !cleared).count_ones() == 1 { s.digits & !cleared } else { s.digits };
        if choice.count_ones() != 1 {
            return None;
        }
        let d = choice.trailing_zeros() as u8 + 1;
        let places = self.spots(first, d);
        // A placement of the digit with two places: the other place is the side that breaks.
        if let ([p], [x, y]) = (s.placements.as_slice(), places.as_slice())
            && p.digit == d
            && (p.cell == *x || p.cell == *y)
        {
            let other = if p.cell == *x { *y } else { *x };
            return Some(format!(
                "Look at the places for {} in {} ({} or {}) and suppose it went in {}.",
                symbol(d),
                self.house(first),
                self.board.cell_name(*x),
                self.board.cell_name(*y),
                self.board.cell_name(other)
            ));
        }
        let spots: Vec<String> = places.iter().map(|&c| self.board.cell_name(c)).collect();
        Some(format!(
            "Look at the places for {} in {} ({}) and take each in turn.",
            symbol(d),
            self.house(first),
            or_list(&spots)
        ))
    }

    /// The houses and digits the step names, or, without houses, the digits around its result.
    fn generic(&self) -> String {
        let s = self.step;
        let digits = digits_of(s.digits);
        let digit_words = match digits.len() {
            0 => String::new(),
            1 => format!(" and the digit {}", digits[0]),
            _ => format!(" and the digits {}", and_list(&digits)),
        };
        if let Some(text) = self.case_choice() {
            return text;
        }
        if !s.houses.is_empty() {
            return format!("Look at {}{digit_words}.", houses_words(self.board, &s.houses));
        }
        let mut cells: Vec<usize> = s.placements.iter().chain(&s.eliminations).map(|c| c.cell).collect();
        cells.sort_unstable();
        cells.dedup();
        format!("Look at {}{digit_words}.", cells_words(self.board, &cells))
    }
}

const SUBSETS: [crate::techniques::Tech; 6] =
    [code::NPR, code::HPR, code::NTR, code::HTR, code::NQD, code::HQD];

/// The chains and rectangles worked in the head: a placement through eliminations not written.
const HEAD_CHAINS: [crate::techniques::Tech; 5] = [code::SKY, code::KTE, code::TUR, code::ERE, code::MCH];

/// The techniques that split on a choice (a cell's candidates, a digit's places in a house) or
/// try one candidate.
const CASES: [crate::techniques::Tech; 8] =
    [code::CAS, code::EWY, code::WIF, code::STR, code::FCH, code::FNT, code::NFC, code::TRL];

const FISH: [crate::techniques::Tech; 7] =
    [code::XWG, code::SWF, code::JLF, code::FRK, code::FXW, code::FSW, code::FJF];
