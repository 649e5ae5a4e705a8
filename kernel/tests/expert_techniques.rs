//! The Expert case techniques (CAS, EWY, WIF, STR) and the Extreme forcing and trial techniques
//! (FCH, FNT, NFC, NIS, POM, TRL) on real positions: where each must fire, where it must not, and
//! that every move they offer agrees with the solution.
//!
//! Positions are route positions of classic-top1465.txt and classic-hardest-1106.txt puzzles where
//! the techniques of bands 0-4 are stuck: placed digits (81 characters) and each cell's candidates.

use pencilmark::board::{Board, Geometry};
use pencilmark::budget::Budget;
use pencilmark::techniques::{Move, SearchContext, State, cap_moves, cases, forcing};

type Finder = fn(&SearchContext<2>, &State<2>, &mut Vec<Move>);

const FINDERS: [(&str, Finder); 10] = [
    ("CAS", cases::case_analysis::<2>),
    ("EWY", cases::either_way::<2>),
    ("WIF", cases::what_if::<2>),
    ("STR", cases::short_trial::<2>),
    ("FCH", forcing::forcing_chains::<2>),
    ("FNT", forcing::forcing_nets::<2>),
    ("NFC", forcing::nested_forcing::<2>),
    ("NIS", forcing::nishio::<2>),
    ("POM", forcing::pattern_overlay::<2>),
    ("TRL", forcing::trial::<2>),
];

/// Fires here: CAS,FCH,FNT,NFC,TRL.
const CAS_ONLY: (&str, &str) = (
    "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
    "4 569 1268 5789 3 15789 259 2567 25679 1237 359 12 6 127 14579 8 2357 234579 23678 3569 268 45789 278 45789 23459 23567 1 1236 346 1246 378 5 13678 23 9 2378 123 8 59 3479 17 13479 6 12357 2357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 12 3 78 678 678 129 4 29 9 12 7 35 4 35 12 68 68",
);

/// Fires here: CAS,EWY,FCH,FNT,NFC,TRL.
const EWY: (&str, &str) = (
    "...9231..6.7....8.2.1.8.....5....4......6..2..1.......8...7.......3..5.....4....9",
    "45 48 458 9 2 3 1 67 67 6 39 7 15 145 145 239 8 23 2 39 1 67 8 67 39 45 45 379 5 26 1278 139 1279 4 13679 13678 3479 478 3489 157 6 14579 37 2 1357 3479 1 26 2578 3459 24579 3678 35679 35678 8 246 3459 1256 7 12569 236 1346 12346 1479 2467 49 3 19 12689 5 1467 124678 1357 267 35 4 15 12568 23678 1367 9",
);

/// Fires here: CAS,EWY,WIF,FCH,FNT,NFC,TRL.
const WIF_NOT_STR: (&str, &str) = (
    "3856.1...1.95......2..3.51......5....3..1..6....4......17.5..8...31..9.......7132",
    "3 8 5 6 247 1 247 2479 479 1 467 9 5 2478 248 368 247 368 467 2 46 789 3 489 5 1 68 46789 4679 12468 23789 26789 5 23478 2479 134789 45789 3 248 2789 1 289 2478 6 45789 56789 5679 1268 4 26789 23689 2378 2579 135789 29 1 7 239 5 239 46 8 46 2468 46 3 1 2468 2468 9 57 57 45689 4569 468 89 4689 7 1 3 2",
);

/// Fires here: CAS,WIF,STR,FCH,FNT,NFC,TRL.
const STR_NOT_EWY: (&str, &str) = (
    "3856.1...1.95......2..3951......5....3..1..6....4......17.5..8...31..9.......7132",
    "3 8 5 6 247 1 247 2479 479 1 67 9 5 2478 248 368 247 368 467 2 46 78 3 9 5 1 68 46789 4679 12468 237 26789 5 23478 2479 134789 59 3 248 278 1 28 2478 6 59 56789 5679 1268 4 26789 2368 2378 2579 135789 29 1 7 239 5 23 46 8 46 2468 46 3 1 2468 2468 9 57 57 45689 4569 468 89 468 7 1 3 2",
);

/// Fires here: CAS,EWY,WIF,FCH,FNT,NFC,POM,TRL.
const POM_NOT_NIS: (&str, &str) = (
    "93......1.67....248.....3...2..76.386...3.9.2....2.46.4..6......9..5..43.....4...",
    "9 3 245 2578 46 2578 5678 578 1 15 6 7 13589 189 13589 58 2 4 8 145 1245 1257 46 1257 3 579 5679 15 2 49 49 7 6 15 3 8 6 14578 1458 1458 3 158 9 157 2 37 1578 13589 1589 2 1589 4 6 57 4 1578 1358 6 189 123789 12578 15789 579 27 9 168 1278 5 1278 12678 4 3 237 1578 13568 123789 189 4 125678 15789 5679",
);

/// Fires here: CAS,EWY,WIF,STR,FCH,FNT,NFC,NIS,POM,TRL.
const ALL_CASES: (&str, &str) = (
    ".1....38...67531.9.39...6........8.6.9..2.4..6.1....9.9.3...2...62149.381...3.9..",
    "2457 1 457 2469 69 246 3 8 2457 248 248 6 7 5 3 1 24 9 2457 3 9 248 18 1248 6 2457 2457 23457 2457 457 3459 179 1457 8 1257 6 3578 9 578 3568 2 15678 4 157 1357 6 24578 1 3458 78 4578 57 9 2357 9 4578 3 568 678 5678 2 14567 1457 57 6 2 1 4 9 57 3 8 1 4578 4578 2568 3 25678 9 4567 457",
);

/// Fires here: FCH,FNT,NFC,TRL.
const FCH_NOT_CAS: (&str, &str) = (
    "..9.......6...3...1...7...54...52..7.....6.4..3.9...5.2......1.....2.57...48....2",
    "3578 24578 9 12456 1468 1458 134678 2368 13468 578 6 2578 1245 1489 3 14789 289 1489 1 24 238 246 7 489 34689 23689 5 4 89 168 13 5 2 13689 3689 7 5789 12579 12578 137 138 6 12389 4 1389 678 3 12678 9 148 1478 1268 5 168 2 578 35678 34567 3469 4579 34689 1 34689 3689 189 1368 1346 2 149 5 7 3468 35679 1579 4 8 1369 57 369 369 2",
);

/// Fires here: FNT,NFC,TRL.
const FNT_NOT_FCH: (&str, &str) = (
    "..9.......6...3...1...7...54...52..7.....6.4..3.9...5.2......1.....2.57...48....2",
    "3578 24578 9 12456 1468 1458 134678 2368 13468 578 6 2578 1245 1489 3 14789 289 1489 1 248 238 246 7 489 34689 23689 5 4 189 168 13 5 2 13689 3689 7 5789 125789 12578 137 138 6 12389 4 1389 678 3 12678 9 148 1478 1268 5 168 2 5789 35678 34567 3469 4579 34689 1 34689 3689 189 1368 1346 2 149 5 7 34689 35679 1579 4 8 1369 1579 369 369 2",
);

/// Fires here: NFC,TRL.
const NFC_NOT_FNT: (&str, &str) = (
    "........8..3...4.2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "12567 2457 12467 134679 13459 34567 1379 1359 8 15678 578 3 16789 1589 5678 4 159 2 1578 9 147 13478 2 34578 137 6 157 12358 23458 124 348 7 9 1368 13458 1456 35789 34578 479 348 6 1 2 34589 459 1389 6 149 5 348 2 1389 7 149 23679 237 8 1234679 1349 3467 5 149 14679 3679 1 679 346789 34589 345678 6789 2 4679 4 27 5 126789 189 678 16789 189 3",
);

/// Fires here: TRL.
const TRL_ONLY: (&str, &str) = (
    ".......24..3...7..41..7...6.....3.....5.9.8.....8.5...2...4...9..7...4..964....1.",
    "5678 5789 689 13569 13568 1689 1359 2 4 568 2589 3 124569 12568 124689 7 589 158 4 1 289 2359 7 289 359 3589 6 1678 24789 12689 12467 126 3 12569 45679 1257 1367 2347 5 12467 9 12467 8 3467 1237 1367 23479 1269 8 126 5 12369 34679 1237 2 358 18 13567 4 1678 356 35678 9 1358 358 7 123569 123568 12689 4 3568 2358 9 6 4 2357 2358 278 235 1 23578",
);

struct Position {
    geo: Geometry<2>,
    st: State<2>,
    solution: Vec<u8>,
}

fn position((values, candidates): (&str, &str)) -> Position {
    let board = Board::standard(9).unwrap();
    let geo = Geometry::<2>::new(&board);
    let puzzle = pencilmark::read(values).unwrap();
    let solution = pencilmark::solve(&puzzle, None).unwrap();
    let mut st = State::new(&geo, puzzle.givens()).unwrap();
    let cells: Vec<&str> = candidates.split(' ').collect();
    assert_eq!(cells.len(), 81);
    for (cell, keep) in cells.iter().enumerate() {
        for d in 1..=9u8 {
            if !keep.contains((b'0' + d) as char) {
                st.planes[d as usize - 1].remove(cell);
            }
        }
    }
    Position { geo, st, solution }
}

/// The capped moves of a technique in a position, each checked against the solution.
fn moves(pos: &Position, code: &str) -> Vec<Move> {
    moves_within(pos, code, Budget::UNLIMITED)
}

fn moves_within(pos: &Position, code: &str, budget: Budget) -> Vec<Move> {
    let find = FINDERS.iter().find(|(c, _)| *c == code).unwrap().1;
    let mut out = Vec::new();
    find(&SearchContext::plain(&pos.geo).with_budget(budget), &pos.st, &mut out);
    cap_moves(&mut out);
    for m in &out {
        assert_eq!(m.tech.code(), code);
        assert!(!m.placements.is_empty() || !m.eliminations.is_empty(), "{code}: a move without effect");
        for p in &m.placements {
            assert_eq!(pos.solution[p.cell], p.digit, "{code} places a wrong digit: {p:?}");
            assert!(pos.st.planes[p.digit as usize - 1].contains(p.cell));
        }
        for e in &m.eliminations {
            assert_ne!(pos.solution[e.cell], e.digit, "{code} eliminates the solution: {e:?}");
            assert!(pos.st.planes[e.digit as usize - 1].contains(e.cell), "{code}: {e:?} is not a candidate");
        }
    }
    out
}

/// Which techniques fire in a position.
fn firing(pos: &Position) -> Vec<&'static str> {
    FINDERS.iter().map(|(c, _)| *c).filter(|c| !moves(pos, c).is_empty()).collect()
}

/// "r4c5#7" / "r2c8=3" of a move's first effect.
fn first_effect(m: &Move) -> String {
    let name = |cell: usize| format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
    match (m.placements.first(), m.eliminations.first()) {
        (Some(p), _) => format!("{}={}", name(p.cell), p.digit),
        (None, Some(e)) => format!("{}#{}", name(e.cell), e.digit),
        _ => String::new(),
    }
}

#[test]
fn each_position_fires_exactly_the_expected_techniques() {
    let table: [((&str, &str), &str); 10] = [
        (CAS_ONLY, "CAS,FCH,FNT,NFC,TRL"),
        (EWY, "CAS,EWY,FCH,FNT,NFC,TRL"),
        (WIF_NOT_STR, "CAS,EWY,WIF,FCH,FNT,NFC,TRL"),
        (STR_NOT_EWY, "CAS,WIF,STR,FCH,FNT,NFC,TRL"),
        (POM_NOT_NIS, "CAS,EWY,WIF,FCH,FNT,NFC,POM,TRL"),
        (ALL_CASES, "CAS,EWY,WIF,STR,FCH,FNT,NFC,NIS,POM,TRL"),
        (FCH_NOT_CAS, "FCH,FNT,NFC,TRL"),
        (FNT_NOT_FCH, "FNT,NFC,TRL"),
        (NFC_NOT_FNT, "NFC,TRL"),
        (TRL_ONLY, "TRL"),
    ];
    for (pos, expected) in table {
        assert_eq!(firing(&position(pos)).join(","), expected, "{}", pos.0);
    }
}

#[test]
fn the_cheapest_moves() {
    let cheapest = |pos: (&str, &str), code: &str| first_effect(&moves(&position(pos), code)[0]);
    assert_eq!(cheapest(CAS_ONLY, "CAS"), "r4c4#3");
    assert_eq!(cheapest(EWY, "EWY"), "r7c3#3");
    assert_eq!(cheapest(WIF_NOT_STR, "WIF"), "r3c6=9");
    assert_eq!(cheapest(STR_NOT_EWY, "STR"), "r2c2=7");
    assert_eq!(cheapest(ALL_CASES, "NIS"), "r7c8#7");
    assert_eq!(cheapest(POM_NOT_NIS, "POM"), "r5c3#1");
    assert_eq!(cheapest(FCH_NOT_CAS, "FCH"), "r7c3#7");
    assert_eq!(cheapest(FNT_NOT_FCH, "FNT"), "r9c6#9");
    assert_eq!(cheapest(NFC_NOT_FNT, "NFC"), "r6c5#4");
    assert_eq!(cheapest(TRL_ONLY, "TRL"), "r7c3#1");
}

/// Short trial and what-if end in the placement of the other option; case analysis, forcing,
/// Nishio and trial in eliminations.
#[test]
fn move_shapes() {
    for m in moves(&position(STR_NOT_EWY), "STR").iter().chain(&moves(&position(WIF_NOT_STR), "WIF")) {
        assert!(m.placements.len() == 1 && m.eliminations.is_empty());
    }
    for code in ["CAS", "FCH", "FNT", "NFC", "NIS", "TRL"] {
        for m in moves(&position(ALL_CASES), code) {
            assert!(m.placements.is_empty() && m.eliminations.len() == 1, "{code}");
        }
    }
    assert_eq!(moves(&position(TRL_ONLY), "TRL").len(), 1);
}

/// The searches stop at once when their budget has passed.
#[test]
fn searches_respect_the_budget() {
    let pos = position(NFC_NOT_FNT);
    let passed = Budget::until(Some(std::time::Instant::now()));
    for (code, _) in FINDERS {
        assert!(moves_within(&pos, code, passed).is_empty(), "{code}");
    }
}
