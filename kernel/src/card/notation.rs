//! Step notation: the one-line form solvers and forums share (HoDoKu's): technique, digits,
//! pattern, `=>` result, with `<>` for "is not" (grade-card-format.txt section 5), e.g.
//! "X-Wing: 3 r58 c68 => r679c6<>3" or "Hidden Single: r3c5=6".
//!
//! The pattern of a subset, a fish or a pointing / claiming is read from the step and the position
//! before it: the subset's cells, the base and cover houses (and fins) of a fish, the house a digit
//! is locked in. Other techniques name the pattern their move carries (`Pattern`); a route's moves
//! carry none (their searches build it only when asked), so the step's search runs again on the
//! position before it, building patterns, and the move with the step's effect gives it:
//! - wings (Y-Wing, XYZ-Wing, WXYZ- and VWXYZ-Wing): digits, z last, and cells, pivot first:
//!   "Y-Wing: 4/7/3 in r9c5,r7c4,r9c7 => r7c8<>3"; Fireworks and Chute Remote Pairs their cells;
//! - Skyscraper and 2-String Kite: the ends, connected by the weak link's cells:
//!   "Skyscraper: 4 in r7c1,r8c4 (connected by r5c1,r5c4) => r8c3<>4";
//! - Turbot Fish, X-Chain, the chains in the head: the chain, groups in compact form, links inside
//!   a cell not written: "X-Chain: 8 r7c2 =8= r5c2 -8- r4c1 =8= r4c6 -8- r6c5 =8= r78c5";
//! - Empty Rectangle: the box and the conjugate pair: "Empty Rectangle: 4 in b4 (r7c3,r7c7)";
//! - XY-Chain: the digit cleared, then the chain: "4 4- r4c3 -2- r9c3 -6- r9c7 -8- r6c7 -4";
//!   Remote Pairs: both digits, then the chain: "1/2 r1c1 -2- r1c5 -1- r5c5 -2- r5c9";
//! - Simple and Multi-Colouring: each cluster as its two colours: "3 (r4c3,r5c6) / (r4c5,r7c2)";
//! - 3D Medusa: each colour as the candidates it asserts: "2/5 (r1c2=5,r3c4=2) / (r1c2=2,r3c4=5)";
//! - AIC and Nice Loop: the chain as above (a loop ends on its start): "2/6 r3c7 =2= r3c2 -2- r8c2
//!   -6- r8c8 =6= r3c8";
//! - ALS-XZ and ALS-XY-Wing: the sets and the linking and eliminated digits:
//!   "A=r1c4,r2c4,r2c6 {1489}, B=r7c5,r8c4 {149}, X=1, Z=4".
//!
//! - ALS chains: the chain, a link through a set marked by its letter, then the sets:
//!   "4 4- r1c5 =4= r1c23 =A= r1c2 -7- r7c2 -7 (A=r1c23 {478})"; Death Blossom the stem and a
//!   petal per stem digit: "r6c6 {125}, 1: A=r4c5,r6c4 {145}, 2: B=r6c8 {24}, Z=4"; Sue de Coq
//!   the crossing, then its line and box cells: "r2c56 {1479} (r2c19 {149}, r13c4 {57})"; Aligned
//!   Pair Exclusion the pair and the bivalue cells excluding: "r1c1,r1c2 (excluded by r2c3 {37})";
//! - placements in the head (card::derived, read from the step): the locks or the subset and the
//!   single: "3 locked in r1c12 (b1 on r1); hidden single in c3";
//! - case splits, forcing and trials (card::derived): the options followed and whether they
//!   agree or break: "5 in c3: r2c3=5 | r6c3=5 (all agree)", "r4c5=2 (contradiction)"; Pattern
//!   Overlay its digit; a unique rectangle its cells "1/2 r12c14", BUG+1 its cell.

use crate::board::Board;
use crate::budget::Budget;
use crate::route::Step;
use crate::techniques::rule_moves::RuleTechniques;
use crate::techniques::{Candidate, ChainNode, Pattern, SearchContext, State, Tech, code, searches};

/// The notation of every step of a route from `givens` (each read on the position before it);
/// the searches that find a step's pattern again stop once `budget` has passed.
#[cfg(any(test, feature = "internals"))]
pub fn route_notations(board: &Board, givens: &[u8], steps: &[Step], budget: Budget) -> Vec<String> {
    route_explanations(board, givens, None, steps, budget, false).into_iter().map(|e| e.notation).collect()
}

/// One step explained: its notation, its teach text when asked (None where the step could not
/// be reconstructed) and the pattern both read (for the short sentence).
pub struct Explained {
    pub notation: String,
    pub teach: Option<String>,
    pub pattern: Pattern,
}

/// Per step of a route from `givens` (under the puzzle's `rules` beyond houses, as the route was
/// found): its notation and, with `teach`, its teach text (None where the step could not be
/// reconstructed). The position is replayed once and each step's pattern found once for both
/// levels.
pub fn route_explanations(
    board: &Board,
    givens: &[u8],
    rules: Option<&RuleTechniques>,
    steps: &[Step],
    budget: Budget,
    teach: bool,
) -> Vec<Explained> {
    let Ok(geometry) = crate::solve::AnyGeometry::new(board) else { return Vec::new() };
    crate::on_geometry!(&geometry, geo => {
        let mut cx = SearchContext::plain(geo).with_budget(budget).building_patterns();
        let Some(mut st) = State::new(geo, givens) else { return Vec::new() };
        // The route starts where the rules' own statements leave the givens, and its searches
        // read the rules: the re-run searches must too to find a step again.
        if let Some(r) = rules {
            cx = cx.with_rules(r);
            let stated = r.start_eliminations(geo, &st);
            st.apply_step(geo, &[], &stated);
        }
        steps
            .iter()
            .map(|s| {
                let pattern = step_pattern(&cx, &st, s);
                let line = notation_with(board, &cx, &st, s, &pattern);
                let text = if teach { super::teach::teach_text(board, geo, &st, s, &pattern) } else { None };
                st.apply_step(geo, &s.placements, &s.eliminations);
                Explained { notation: line, teach: text, pattern }
            })
            .collect()
    })
}

/// The notation of `step`, played on `before` (the position just before it); `cx` builds patterns.
#[cfg(any(test, feature = "internals"))]
pub fn step_notation<const W: usize>(
    board: &Board,
    cx: &SearchContext<W>,
    before: &State<W>,
    step: &Step,
) -> String {
    let pattern = step_pattern(cx, before, step);
    notation_with(board, cx, before, step, &pattern)
}

/// The pattern of `step`: the one it carries, else, for the techniques whose searches build one,
/// found again on `before` (Unbuilt when the budget cut that search, or for the others).
pub fn step_pattern<const W: usize>(cx: &SearchContext<W>, before: &State<W>, step: &Step) -> Pattern {
    match &step.pattern {
        Pattern::Unbuilt if step.tech.is_single() => Pattern::Unbuilt,
        Pattern::Unbuilt => match super::derived::derived_pattern(cx.geo, before, step) {
            Some(p) => p,
            None if PATTERNED.contains(&step.tech) => found_pattern(cx, before, step),
            None => Pattern::Unbuilt,
        },
        built => built.clone(),
    }
}

fn notation_with<const W: usize>(
    board: &Board,
    cx: &SearchContext<W>,
    before: &State<W>,
    step: &Step,
    pattern: &Pattern,
) -> String {
    let name = step.tech.name();
    let result = result_text(board, &step.placements, &step.eliminations);
    if step.tech.is_single() {
        return format!("{name}: {result}");
    }
    let pattern = pattern_text(board, cx, before, step, pattern);
    format!("{name}: {pattern} => {result}")
}

fn pattern_text<const W: usize>(
    board: &Board,
    cx: &SearchContext<W>,
    before: &State<W>,
    step: &Step,
    pattern: &Pattern,
) -> String {
    let geo = cx.geo;
    let digits = digit_list(board, step.digits, ",");
    let t = step.tech;
    let open = before.open_cells(geo);
    if is_subset(t) && step.houses.len() == 1 {
        let house = geo.houses[step.houses[0]].and(&open);
        let naked = [code::NPR, code::NTR, code::NQD].contains(&t);
        let cells: Vec<usize> = house
            .iter()
            .filter(|&c| {
                let m = before.cell_mask(geo, c);
                if naked { m & !step.digits == 0 } else { m & step.digits != 0 }
            })
            .collect();
        return format!("{digits} in {}", cell_list(board, &cells));
    }
    if is_fish(t)
        && step.houses.len() >= 4
        && step.houses.len().is_multiple_of(2)
        && step.digits.count_ones() == 1
    {
        let d = step.digits.trailing_zeros() as usize;
        let (bases, covers) = step.houses.split_at(step.houses.len() / 2);
        let union =
            |hs: &[usize]| hs.iter().fold(crate::bits::CellSet::<W>::EMPTY, |s, &h| s.or(&geo.houses[h]));
        let fins: Vec<usize> =
            before.planes[d].and(&open).and(&union(bases)).and_not(&union(covers)).iter().collect();
        let mut text = format!("{digits} {} {}", house_list(board, bases), house_list(board, covers));
        for fin in fins {
            text += &format!(" f{}", board.cell_name(fin));
        }
        return text;
    }
    if t == code::PPR && step.digits.count_ones() == 1 && !step.houses.is_empty() {
        return format!("{digits} in {}", house_list(board, &step.houses[..1]));
    }
    let slashed = digit_list(board, step.digits, "/");
    let set_digits = |cells: &[usize]| {
        let mask = cells.iter().fold(0, |m, &c| m | before.cell_mask(geo, c));
        format!("{{{}}}", digit_list(board, mask, ""))
    };
    let set = |cells: &[usize]| format!("{} {}", cell_list(board, cells), set_digits(cells));
    if t == code::POM && step.digits.count_ones() == 1 {
        return format!("{digits} (no placement pattern of {digits} uses them)");
    }
    match pattern {
        Pattern::Unbuilt => digits,
        // HoDoKu's "Uniqueness Test 1: 1/2 r15c14".
        Pattern::Cells(cells) if t == code::URC => format!("{slashed} {}", cell_list(board, cells)),
        Pattern::Cells(cells) if t == code::BUG && cells.len() == 1 => set(cells),
        Pattern::Wing { cells, z } => {
            let others = digit_list(board, step.digits & !(1 << (z - 1)), "/");
            format!("{others}/{z} in {}", cell_names(board, cells))
        }
        Pattern::Cells(cells) => format!("{slashed} in {}", cell_names(board, cells)),
        Pattern::Connected([a, b, c, d]) => format!(
            "{digits} in {} (connected by {})",
            cell_names(board, &[*a, *d]),
            cell_names(board, &[*b, *c])
        ),
        Pattern::BoxAndPair { house, pair } => {
            format!("{digits} in {} ({})", board.house_name(*house), cell_names(board, pair))
        }
        Pattern::Chain(nodes) if t == code::RMP => format!("{slashed} {}", chain_text(board, nodes, false)),
        Pattern::Chain(nodes) if t == code::XYC => {
            format!("{} {}", cleared_digits(board, step), chain_text(board, nodes, true))
        }
        Pattern::Chain(nodes) => format!("{slashed} {}", chain_text(board, nodes, true)),
        Pattern::Colours(clusters) => {
            let clusters: Vec<String> = clusters
                .iter()
                .map(|[a, b]| format!("({}) / ({})", cell_names(board, a), cell_names(board, b)))
                .collect();
            format!("{digits} {}", clusters.join(", "))
        }
        // A colour asserts each of its candidates ("r1c2=5"); HoDoKu has no 3D Medusa.
        Pattern::CandidateColours(colours) => {
            let [a, b] = colours.each_ref().map(|cands| {
                cands
                    .iter()
                    .map(|c| format!("{}={}", board.cell_name(c.cell), c.digit))
                    .collect::<Vec<_>>()
                    .join(",")
            });
            format!("{slashed} ({a}) / ({b})")
        }
        // HoDoKu's "A=r7c4 {28}, B=r1c4,r1c7,r1c9 {2579}, X=2, Z=9" (a wing's two links "X,Y=").
        Pattern::Als { sets, x } => {
            let named: Vec<String> = sets
                .iter()
                .zip('A'..)
                .map(|(cells, letter)| {
                    let mask = cells.iter().fold(0, |m, &c| m | before.cell_mask(geo, c));
                    format!("{letter}={} {{{}}}", cell_names(board, cells), digit_list(board, mask, ""))
                })
                .collect();
            let links = if x.count_ones() == 2 && sets.len() == 3 { "X,Y" } else { "X" };
            format!(
                "{}, {links}={}, Z={}",
                named.join(", "),
                digit_list(board, *x, ","),
                cleared_digits(board, step)
            )
        }
        // The chain, each link through an almost locked set marked by the set's letter, then
        // the sets: "4- r1c5 =4= r1c23 =A= r1c2 -7- r7c2 -7 (A=r1c23 {478})".
        Pattern::AlsChain { nodes, sets } => {
            let named: Vec<String> = sets
                .iter()
                .zip('A'..)
                .map(|((_, cells), letter)| format!("{letter}={}", set(cells)))
                .collect();
            format!(
                "{} {} ({})",
                cleared_digits(board, step),
                chain_text_with(board, nodes, true, sets),
                named.join(", ")
            )
        }
        // "r6c6 {125}, 1: A=r4c5,r6c4 {145}, 2: B=r6c8 {24}, Z=4".
        Pattern::Blossom { stem, petals } => {
            let named: Vec<String> = petals
                .iter()
                .zip('A'..)
                .map(|((d, cells), letter)| format!("{d}: {letter}={}", set(cells)))
                .collect();
            format!("{}, {}, Z={}", set(&[*stem]), named.join(", "), cleared_digits(board, step))
        }
        // HoDoKu's "r2c56 {1479} (r2c19 {149}, r13c4 {57})": the crossing, then its line and
        // box cells.
        Pattern::SueDeCoq { cross, line, boxed } => format!("{} ({}, {})", set(cross), set(line), set(boxed)),
        Pattern::Excluded { pair, by } => {
            let by: Vec<String> = by.iter().map(|&c| set(&[c])).collect();
            format!("{} {} (excluded by {})", slashed, cell_names(board, pair), by.join(", "))
        }
        // "3 locked in r1c12 (b1 on r1); hidden single in c3".
        Pattern::HeadLocks { locks, single } => {
            let locks: Vec<String> = locks
                .iter()
                .map(|l| {
                    format!(
                        "{} locked in {} ({} on {})",
                        l.digit,
                        cell_list(board, &l.cells),
                        board.house_name(l.from),
                        board.house_name(l.to)
                    )
                })
                .collect();
            format!("{}; {}", locks.join(", "), single_words(board, *single))
        }
        // "naked 1,7,8 in r378c9 (c9); hidden single in b3".
        Pattern::HeadSubset { house, cells, digits, naked, single } => format!(
            "{} {} in {} ({}); {}",
            if *naked { "naked" } else { "hidden" },
            digit_list(board, *digits, ","),
            cell_list(board, cells),
            board.house_name(*house),
            single_words(board, *single)
        ),
        // "5 in c3: r2c3=5 | r6c3=5 (all agree)", "r4c5=2 (contradiction)".
        Pattern::Cases { options, house, contradiction } => {
            let prefix = match (house, options.first()) {
                (Some(h), Some(o)) => format!("{} in {}: ", o.digit, board.house_name(*h)),
                _ => String::new(),
            };
            let options: Vec<String> =
                options.iter().map(|o| format!("{}={}", board.cell_name(o.cell), o.digit)).collect();
            let verdict = if *contradiction { "contradiction" } else { "all agree" };
            format!("{prefix}{} ({verdict})", options.join(" | "))
        }
    }
}

/// The single a placement in the head leaves: "hidden single in c3", or "naked single".
fn single_words(board: &Board, house: Option<usize>) -> String {
    match house {
        Some(h) => format!("hidden single in {}", board.house_name(h)),
        None => "naked single".to_string(),
    }
}

/// The digits a step eliminates, ascending, comma-separated.
fn cleared_digits(board: &Board, step: &Step) -> String {
    let cleared = step.eliminations.iter().fold(0u32, |m, e| m | 1 << (e.digit - 1));
    digit_list(board, cleared, ",")
}

/// The techniques whose searches build a move's pattern when asked (the others print their
/// digits only, and their searches, some of them slow, are not run again for the notation).
const PATTERNED: [Tech; 24] = [
    code::AAC,
    code::DEB,
    code::SDC,
    code::APE,
    code::YWG,
    code::XYZ,
    code::WXZ,
    code::FIR,
    code::SKY,
    code::KTE,
    code::TUR,
    code::XCL,
    code::ERE,
    code::MCH,
    code::XYC,
    code::RMP,
    code::CRP,
    code::SCL,
    code::MCL,
    code::C3DM,
    code::AIC,
    code::NLP,
    code::ALS,
    code::AXY,
];

/// True for the techniques whose steps point at a pattern their search builds (a step whose
/// pattern is not found again cannot be explained beyond its notation's digits).
pub(super) fn builds_pattern(t: Tech) -> bool {
    PATTERNED.contains(&t)
}

/// The pattern of the move `step` was made from. A route's searches do not build patterns, so the
/// searches that name moves by the step's technique run again on `before`, building them; the
/// move with the step's technique and effect is the one the route took (the cheapest such, as the
/// route takes a technique's cheapest move).
fn found_pattern<const W: usize>(cx: &SearchContext<W>, before: &State<W>, step: &Step) -> Pattern {
    let mut moves = Vec::new();
    for search in searches::<W>().iter().filter(|s| s.codes.contains(&step.tech)) {
        (search.find)(cx, before, &mut moves);
    }
    moves
        .into_iter()
        .filter(|m| {
            m.tech == step.tech && m.placements == step.placements && m.eliminations == step.eliminations
        })
        .min_by_key(|m| m.cost)
        .map(|m| m.pattern)
        .unwrap_or_default()
}

/// A chain in HoDoKu's form: its cells (a group in compact form) with the links between them,
/// "=d=" strong and "-d-" weak ("r1c8 =6= r1c2 -6- r4c2"); links inside a cell are not written.
/// With `ends`, a chain that starts (ends) inside a cell names the digit it starts from ("6- r2c1")
/// (ends on: "r9c6 -6").
fn chain_text(board: &Board, nodes: &[ChainNode], ends: bool) -> String {
    chain_text_with(board, nodes, ends, &[])
}

/// [`chain_text`] with the links through almost locked sets (`sets`: link index, set cells)
/// marked by the set's letter ("=A="), written even inside a cell.
fn chain_text_with(board: &Board, nodes: &[ChainNode], ends: bool, sets: &[(usize, Vec<usize>)]) -> String {
    let mut text = String::new();
    let als_letter = |link: usize| sets.iter().zip('A'..).find(|((l, _), _)| *l == link).map(|(_, c)| c);
    if ends && nodes.len() > 1 && nodes[0].cells == nodes[1].cells && als_letter(0).is_none() {
        text += &format!("{}- ", nodes[0].digit);
    }
    for (i, node) in nodes.iter().enumerate() {
        let letter = if i > 0 { als_letter(i - 1) } else { None };
        if i > 0 && node.cells == nodes[i - 1].cells && letter.is_none() {
            continue; // the link inside a cell
        }
        if let Some(letter) = letter {
            text += &format!(" ={letter}= ");
        } else if i > 0 {
            // Links alternate strong, weak, ... from the first; link i-1 joins node i-1 to node i.
            let mark = if (i - 1) % 2 == 0 { '=' } else { '-' };
            text += &format!(" {mark}{}{mark} ", node.digit);
        }
        text += &cell_list(board, &node.cells);
    }
    let n = nodes.len();
    if ends && n > 1 && nodes[n - 1].cells == nodes[n - 2].cells && als_letter(n - 2).is_none() {
        text += &format!(" -{}", nodes[n - 1].digit);
    }
    text
}

/// Cells named one by one, comma-separated ("r2c5,r3c4,r6c5").
fn cell_names(board: &Board, cells: &[usize]) -> String {
    cells.iter().map(|&c| board.cell_name(c)).collect::<Vec<_>>().join(",")
}

fn is_subset(t: Tech) -> bool {
    [code::NPR, code::HPR, code::NTR, code::HTR, code::NQD, code::HQD].contains(&t)
}

fn is_fish(t: Tech) -> bool {
    [code::XWG, code::SWF, code::JLF, code::FRK, code::FXW, code::FSW, code::FJF].contains(&t)
}

/// Placements ("r3c5=6") then eliminations, one group per digit ("r679c6<>3"), comma-separated.
fn result_text(board: &Board, placements: &[Candidate], eliminations: &[Candidate]) -> String {
    let mut parts: Vec<String> =
        placements.iter().map(|p| format!("{}={}", board.cell_name(p.cell), p.digit)).collect();
    let mut digits: Vec<u8> = eliminations.iter().map(|e| e.digit).collect();
    digits.sort_unstable();
    digits.dedup();
    for d in digits {
        let cells: Vec<usize> = eliminations.iter().filter(|e| e.digit == d).map(|e| e.cell).collect();
        parts.push(format!("{}<>{d}", cell_list(board, &cells)));
    }
    parts.join(", ")
}

/// Digits of a mask, ascending, joined by `sep`; on boards of more than 9 digits always by
/// commas where no separator is asked for, so that {9,10,11} never reads as {91011}.
fn digit_list(board: &Board, mask: u32, sep: &str) -> String {
    let sep = if sep.is_empty() && (board.digits > 9 || mask >> 9 != 0) { "," } else { sep };
    (0..32).filter(|d| mask >> d & 1 == 1).map(|d| (d + 1).to_string()).collect::<Vec<_>>().join(sep)
}

/// True on boards with more than 9 rows or columns: numbered lists there take braces
/// ("r{2,7}c5"), as "r27" could be row 27.
fn wide(board: &Board) -> bool {
    board.rows > 9 || board.cols > 9
}

/// Houses in compact form where they are whole lines or boxes of one kind ("r58"; "r{10,12}" on
/// boards of more than 9 rows or columns), else listed.
fn house_list(board: &Board, houses: &[usize]) -> String {
    let names: Vec<String> = houses.iter().map(|&h| board.house_name(h)).collect();
    let kind = names[0].as_bytes()[0];
    let number = |n: &String| -> Option<usize> {
        (n.as_bytes()[0] == kind && n.len() > 1).then(|| n[1..].parse().ok()).flatten()
    };
    let nums: Option<Vec<usize>> = names.iter().map(number).collect();
    match nums {
        Some(mut nums) if names.len() > 1 => {
            nums.sort_unstable();
            format!("{}{}", kind as char, numbers_text(board, &nums))
        }
        _ => names.join(","),
    }
}

/// 1-based numbers of one coordinate: "58" on boards of at most 9 rows and columns, else one
/// number as is ("12") and several in braces ("{3,10}").
fn numbers_text(board: &Board, nums: &[usize]) -> String {
    let list: Vec<String> = nums.iter().map(|n| n.to_string()).collect();
    match (wide(board), list.as_slice()) {
        (false, _) => list.concat(),
        (true, [one]) => one.clone(),
        (true, _) => format!("{{{}}}", list.join(",")),
    }
}

/// Cells in compact form (HoDoKu's): cells sharing a row, or a column, print as one group
/// ("r5c126", "r679c6"), and rows with the same columns merge ("r58c68"); the grouping with fewer
/// groups wins. On boards with more than 9 rows or columns a group lists its numbers in braces
/// ("r{2,7}c5", "r12c{3,10}").
fn cell_list(board: &Board, cells: &[usize]) -> String {
    let pos: Vec<(usize, usize)> = cells.iter().map(|&c| board.cell_pos[c]).collect();
    let by_rows = groups(&pos, false);
    let by_cols = groups(&pos, true);
    let chosen = if by_cols.len() < by_rows.len() { by_cols } else { by_rows };
    chosen
        .iter()
        .map(|(rows, cols)| format!("r{}c{}", numbers_of(board, *rows), numbers_of(board, *cols)))
        .collect::<Vec<_>>()
        .join(",")
}

/// (rows mask, columns mask) groups: cells grouped by row (or by column when `by_column`), then
/// groups with the same other coordinates merged. In first-appearance order of the sorted cells.
fn groups(pos: &[(usize, usize)], by_column: bool) -> Vec<(u128, u128)> {
    let mut sorted: Vec<(usize, usize)> =
        pos.iter().map(|&(r, c)| if by_column { (c, r) } else { (r, c) }).collect();
    sorted.sort_unstable();
    sorted.dedup();
    // line -> mask of the other coordinate
    let mut lines: Vec<(u128, u128)> = Vec::new();
    for (line, other) in sorted {
        match lines.last_mut() {
            Some((l, m)) if *l == 1 << line => *m |= 1 << other,
            _ => lines.push((1 << line, 1 << other)),
        }
    }
    let mut merged: Vec<(u128, u128)> = Vec::new();
    for (l, m) in lines {
        match merged.iter_mut().find(|(_, mm)| *mm == m) {
            Some((ll, _)) => *ll |= l,
            None => merged.push((l, m)),
        }
    }
    merged.into_iter().map(|(l, m)| if by_column { (m, l) } else { (l, m) }).collect()
}

fn numbers_of(board: &Board, mask: u128) -> String {
    let nums: Vec<usize> = (0..128).filter(|i| mask >> i & 1 == 1).map(|i| i + 1).collect();
    numbers_text(board, &nums)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        Board::standard(9).unwrap()
    }

    fn cell(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    #[test]
    fn cells_group_by_line_and_merge() {
        let b = board();
        assert_eq!(cell_list(&b, &[cell(6, 6), cell(7, 6), cell(9, 6)]), "r679c6");
        assert_eq!(cell_list(&b, &[cell(5, 1), cell(5, 2), cell(5, 6)]), "r5c126");
        assert_eq!(cell_list(&b, &[cell(5, 6), cell(5, 8), cell(8, 6), cell(8, 8)]), "r58c68");
        assert_eq!(cell_list(&b, &[cell(1, 1), cell(2, 5)]), "r1c1,r2c5");
        assert_eq!(cell_list(&b, &[cell(1, 1), cell(1, 2), cell(3, 9)]), "r1c12,r3c9");
    }

    #[test]
    fn results_place_then_eliminate_per_digit() {
        let b = board();
        let c = |r, col, d| Candidate { cell: cell(r, col), digit: d };
        assert_eq!(result_text(&b, &[c(3, 5, 6)], &[]), "r3c5=6");
        assert_eq!(result_text(&b, &[], &[c(6, 6, 3), c(7, 6, 3), c(9, 6, 3)]), "r679c6<>3");
        assert_eq!(result_text(&b, &[], &[c(4, 5, 8), c(4, 6, 4)]), "r4c6<>4, r4c5<>8");
    }

    #[test]
    fn houses_compact_when_alike() {
        let b = board();
        // Houses: rows 0-8, columns 9-17, boxes 18-26 on the standard board.
        let row = |r: usize| (0..b.houses.len()).find(|&h| b.house_name(h) == format!("r{r}")).unwrap();
        let col = |c: usize| (0..b.houses.len()).find(|&h| b.house_name(h) == format!("c{c}")).unwrap();
        assert_eq!(house_list(&b, &[row(8), row(5)]), "r58");
        assert_eq!(house_list(&b, &[row(5), col(8)]), "r5,c8");
    }

    #[test]
    fn digits_of_two_figures_stay_apart() {
        let b = board();
        assert_eq!(digit_list(&b, 0b111 << 8, ""), "9,10,11");
        assert_eq!(digit_list(&b, 0b101, ""), "13");
        assert_eq!(digit_list(&b, 0b111 << 8, "/"), "9/10/11");
        // A 16-digit board separates every list, one-figure digits too.
        let big = Board::standard(16).unwrap();
        assert_eq!(digit_list(&big, 0b101, ""), "1,3");
        let cell = |r: usize, c: usize| (r - 1) * 16 + c - 1;
        assert_eq!(cell_list(&big, &[cell(2, 5), cell(7, 5)]), "r{2,7}c5");
        assert_eq!(cell_list(&big, &[cell(12, 3), cell(12, 10)]), "r12c{3,10}");
        assert_eq!(cell_list(&big, &[cell(12, 3)]), "r12c3");
        let row = |r: usize| (0..big.houses.len()).find(|&h| big.house_name(h) == format!("r{r}")).unwrap();
        assert_eq!(house_list(&big, &[row(12), row(10)]), "r{10,12}");
        assert_eq!(house_list(&big, &[row(12)]), "r12");
    }

    #[test]
    fn a_samurai_names_rows_and_columns_by_their_cells() {
        let doc = include_str!("../../../data/examples/variants.jsonl")
            .lines()
            .find(|l| l.contains(r#""rows":21"#))
            .expect("a samurai example");
        let p = crate::format::read(doc).unwrap();
        let names: Vec<String> = (0..p.board.houses.len()).map(|h| p.board.house_name(h)).collect();
        assert!(names.contains(&"r7c1-9".to_string()), "{names:?}");
        assert!(names.contains(&"r13-21c7".to_string()), "{names:?}");
        // Row 7 of the middle grid overlaps two corner grids' rows: each part is named apart.
        assert!(names.contains(&"r7c7-15".to_string()), "{names:?}");
        assert!(!names.iter().any(|n| n == "r27" || n == "c45"));
        let b = Board::standard(9).unwrap();
        assert_eq!(b.house_name(0), "r1");
        assert_eq!(b.house_words(0), "row 1");
    }
}
