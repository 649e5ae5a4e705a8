//! The written route's placements without notes against the reference release's own routes: at
//! positions its route reached (its placements replayed), the singles it found through a locked
//! segment without notes are offered here too, at its price.

use pencilmark::model::written;
use pencilmark::price::{GraderModel, features, price};
use pencilmark::solve::AnyGeometry;
use pencilmark::techniques::SearchContext;
use pencilmark::techniques::{Candidate, State, code};

/// (puzzle, rc1's placements before the step, the step's placement, rc1's price of it);
/// from the fixture cards classic-easy.txt:943 and :750 (rc1's written route, difficulty prices).
const CASES: [(&str, &str, &str, f64); 2] = [
    (
        "..........234.158.9.......7..........9.2.8.3.2.8.9.1.4..98.67.....1.2...5...7...8",
        "r9c3=2 r4c7=8 r5c7=6 r5c9=5 r6c8=7 r2c9=9 r4c8=9 r4c9=2 r7c8=2 r8c8=5 r8c7=9 r7c5=5 r2c1=7 r2c5=6 r5c3=7 r8c2=7 r8c1=8",
        "r8c5=4",
        3.720_451,
    ),
    (
        "8.3...9.4.6.....5....178...53.....68..2...1......4........5.....7..9..8.6..2.1..9",
        "r2c7=8 r1c8=7 r2c9=1 r4c5=1 r6c3=6 r1c2=1 r6c1=1 r8c3=1 r7c8=1 r9c7=7",
        "r2c1=2",
        3.763_870,
    ),
];

fn placement(board: &pencilmark::board::Board, text: &str) -> Candidate {
    let (cell, digit) = text.split_once('=').unwrap();
    let (r, c) = cell[1..].split_once('c').unwrap();
    let pos = (r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1);
    Candidate { cell: board.cell_pos.iter().position(|&p| p == pos).unwrap(), digit: digit.parse().unwrap() }
}

#[test]
fn pointing_singles_where_no_plain_single_is_left() {
    let model = GraderModel::shipped();
    for (puzzle, before, step, rc1_price) in CASES {
        let p = pencilmark::read(puzzle).unwrap();
        let AnyGeometry::W2(geo) = AnyGeometry::new(p.board()).unwrap() else { panic!("9x9 is two words") };
        let mut st = State::new(&geo, p.givens()).unwrap();
        for text in before.split(' ') {
            st.apply_step(&geo, &[placement(p.board(), text)], &[]);
        }
        let found = features::direct_singles(&geo, &st);
        assert!(found.iter().all(|s| s.tech == code::PPR), "{puzzle}: only singles through a lock are left");
        let want = placement(p.board(), step);
        let single =
            found.iter().find(|s| s.cell == want.cell && s.digit == want.digit).expect("rc1's single");
        let ours = price(&model.price, &single.feat);
        assert!((ours - rc1_price).abs() < 1e-4, "{puzzle} {step}: price {ours}, rc1 {rc1_price}");
    }
}

/// The reference writes no notes on these Easy puzzles; neither does our route now.
#[test]
fn easy_routes_write_no_notes() {
    let model = GraderModel::shipped();
    for (puzzle, ..) in CASES {
        let p = pencilmark::read(puzzle).unwrap();
        let AnyGeometry::W2(geo) = AnyGeometry::new(p.board()).unwrap() else { panic!("9x9 is two words") };
        let start = State::new(&geo, p.givens()).unwrap();
        let route = written::route(&SearchContext::plain(&geo), &start, &model.price, false).unwrap();
        assert!(route.iter().all(|s| s.direct), "{puzzle}: a step with notes");
        assert!(route.iter().any(|s| s.tech == Some(code::PPR)), "{puzzle}: a single through a lock");
    }
}

/// A step of the reference's written route on the spec's worked example (grade-card-format.txt),
/// after notes: the route's steps before it (placements `r2c7=9`, eliminations `r5c9#8`), the
/// step's effect, its price under the difficulty prices, rc1's moves on offer there and how far
/// our count may be from it (in the chain tier our searches keep at most eight moves of a
/// technique, and name some chains otherwise).
struct NotesCase {
    before: &'static str,
    effect: &'static str,
    rc1_price: f64,
    rc1_on_offer: (usize, usize),
}

const WORKED: &str = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......";
const WORKED_ROUTE: &str = "r2c7=9 r1c8=6 r2c8=5 r3c8=7 r3c7=4 r3c5=3 r3c2=2 r5c3=9 r5c1=6 r9c3=6 r7c7=6 r9c8=2 r4c9=7 r1c6=2 r2c5=7 r1c4=9 r2c4=1 r2c3=3 r2c1=4 r1c3=7 r6c3=4 r6c5=2 r4c7=1 r7c8=1 r5c9#8 r4c5#8 r4c6#4 r8c9#4 r8c9#5 r8c9=9 r9c6#3 r9c5#5 r7c6#3 r6c6#3 r6c6=1 r9c5=1 r5c2=1 r6c2=8 r6c1=7 r7c2=7 r8c2=4 r9c6=7 r8c5=5";

/// rc1's steps 27 (hidden pair, read in its box), 28 (unique rectangle type 1), 30 (finned
/// X-Wing), 33 (X-Wing) and 43 (hidden single on the notes).
const NOTES_CASES: [NotesCase; 5] = [
    NotesCase {
        before: "r7c8=1 r5c9#8",
        effect: "r4c5#8 r4c6#4",
        rc1_price: 6.992_956,
        rc1_on_offer: (2, 0),
    },
    NotesCase { before: "r4c6#4", effect: "r8c9#4 r8c9#5", rc1_price: 7.468_798, rc1_on_offer: (4, 0) },
    NotesCase { before: "r8c9=9", effect: "r9c6#3", rc1_price: 7.329_009, rc1_on_offer: (26, 2) },
    NotesCase { before: "r7c6#3", effect: "r6c6#3", rc1_price: 7.378_828, rc1_on_offer: (15, 2) },
    NotesCase { before: "r8c5=5", effect: "r8c6=6", rc1_price: 3.495_293, rc1_on_offer: (8, 0) },
];

/// Placements and eliminations of a step written as `r8c6=6` / `r9c6#3`.
fn effect(board: &pencilmark::board::Board, text: &str) -> (Vec<Candidate>, Vec<Candidate>) {
    let (mut placements, mut eliminations) = (Vec::new(), Vec::new());
    for item in text.split(' ') {
        if let Some((cell, digit)) = item.split_once('#') {
            eliminations.push(placement(board, &format!("{cell}={digit}")));
        } else {
            placements.push(placement(board, item));
        }
    }
    eliminations.sort();
    (placements, eliminations)
}

#[test]
fn notes_moves_priced_and_counted_as_the_reference_does() {
    let model = GraderModel::shipped();
    let p = pencilmark::read(WORKED).unwrap();
    let AnyGeometry::W2(geo) = AnyGeometry::new(p.board()).unwrap() else { panic!("9x9 is two words") };
    for case in NOTES_CASES {
        // The route up to (and including) the case's last step before it.
        let end = WORKED_ROUTE.find(case.before).unwrap() + case.before.len();
        let mut st = State::new(&geo, p.givens()).unwrap();
        let (placements, eliminations) = effect(p.board(), &WORKED_ROUTE[..end]);
        for pl in placements {
            st.apply_step(&geo, &[pl], &[]);
        }
        st.apply_step(&geo, &[], &eliminations);
        let (moves, on_offer) = written::notes_offer(&SearchContext::plain(&geo), &st);
        let want = effect(p.board(), case.effect);
        let ours = moves
            .iter()
            .filter(|m| (m.placements.clone(), m.eliminations.clone()) == want)
            .filter_map(|m| written::pick_notes_move(&geo, &st, &model.price, std::slice::from_ref(m), None))
            .map(|(_, p, _)| p)
            .min_by(f64::total_cmp)
            .unwrap_or_else(|| panic!("{}: rc1's move is on offer", case.effect));
        assert!(
            (ours - case.rc1_price).abs() < 0.015,
            "{}: price {ours}, rc1 {}",
            case.effect,
            case.rc1_price
        );
        let (n, slack) = case.rc1_on_offer;
        assert!(on_offer.abs_diff(n) <= slack, "{}: {on_offer} moves on offer, rc1 {n}", case.effect);
    }
}

/// The reference's notes steps on the worked example, in its order (from its first lock to the
/// last hidden single; the route before them ends with the placement `r7c8=1`).
const WORKED_NOTES_STEPS: [&str; 40] = [
    "r5c9#8",
    "r4c5#8 r4c6#4",
    "r8c9#4 r8c9#5",
    "r8c9=9",
    "r9c6#3",
    "r9c5#5",
    "r7c6#3",
    "r6c6#3",
    "r6c6=1",
    "r9c5=1",
    "r5c2=1",
    "r6c2=8",
    "r6c1=7",
    "r7c2=7",
    "r8c2=4",
    "r9c6=7",
    "r8c5=5",
    "r8c6=6",
    "r6c4=5",
    "r4c5=6",
    "r4c6=9",
    "r5c6=3",
    "r6c7=3",
    "r8c8=3",
    "r9c7=5",
    "r7c5=9",
    "r7c6=4",
    "r5c9=5",
    "r5c8=4",
    "r4c8=8",
    "r5c5=8",
    "r4c4=4",
    "r1c1=1",
    "r1c2=5",
    "r7c1=5",
    "r9c1=3",
    "r7c4=3",
    "r9c4=8",
    "r7c9=8",
    "r9c9=4",
];

/// At each of the reference's notes steps (its position replayed), our pick among the moves on
/// offer is its move far more often than the cheapest move alone would be: a move near the last
/// one is seen sooner.
#[test]
fn notes_moves_picked_near_the_last_one() {
    let model = GraderModel::shipped();
    let p = pencilmark::read(WORKED).unwrap();
    let AnyGeometry::W2(geo) = AnyGeometry::new(p.board()).unwrap() else { panic!("9x9 is two words") };
    let mut st = State::new(&geo, p.givens()).unwrap();
    let direct = &WORKED_ROUTE[..WORKED_ROUTE.find("r7c8=1").unwrap() + "r7c8=1".len()];
    for text in direct.split(' ') {
        st.apply_step(&geo, &[placement(p.board(), text)], &[]);
    }
    let mut last = Some(placement(p.board(), "r7c8=1").cell);
    let (mut near, mut cheapest) = (0, 0);
    for step in WORKED_NOTES_STEPS {
        let want = effect(p.board(), step);
        let (moves, _) = written::notes_offer(&SearchContext::plain(&geo), &st);
        let same = |i: usize| (moves[i].placements.clone(), moves[i].eliminations.clone()) == want;
        let (i, ..) = written::pick_notes_move(&geo, &st, &model.price, &moves, last).unwrap();
        near += usize::from(same(i));
        let (i, ..) = written::pick_notes_move(&geo, &st, &model.price, &moves, None).unwrap();
        cheapest += usize::from(same(i));
        st.apply_step(&geo, &want.0, &want.1);
        last = want.0.first().or(want.1.first()).map(|c| c.cell);
    }
    eprintln!(
        "worked example: rc1's move with notes picked at {near} of 40 steps (by price alone: {cheapest})"
    );
    assert!(
        near >= 36 && near >= cheapest + 10,
        "rc1's move picked at {near} of 40 steps (by price alone: {cheapest})"
    );
}

/// classic-se-rated.tsv:4407 (SE 5.9), a fixture card: after the notes the reference's written
/// route has one move on offer, a 3D Medusa; the AICs our search also finds there are longer than
/// the chains of its first chain tier (they come with the ALS moves). Its hardest step, the
/// Medusa, then weighs as much in our difficulty as in its own.
#[test]
fn first_chain_tier_offers_short_chains_only() {
    let model = GraderModel::shipped();
    let puzzle = ".3...86..2.9.....4.68..4.1.9.....4...26...58...5.....3.9.7..13.1.....7.2..36...4.";
    let p = pencilmark::read(puzzle).unwrap();
    let AnyGeometry::W2(geo) = AnyGeometry::new(p.board()).unwrap() else { panic!("9x9 is two words") };
    let start = State::new(&geo, p.givens()).unwrap();
    let route = written::route(&SearchContext::plain(&geo), &start, &model.price, false).unwrap();
    let first = route
        .iter()
        .find(|s| !s.direct && s.tech.is_some_and(|t| t != code::NSI && t != code::HSI))
        .expect("a step with notes beyond the singles");
    assert_eq!((first.tech, first.on_offer), (Some(code::C3DM), 1));
}
