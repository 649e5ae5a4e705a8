//! The invalid inputs a user meets, each with the error text a person reads; and the house-only
//! variants (jigsaw, X, windoku, samurai) solved and rated through `read`.

use pencilmark::{RateOptions, read};

const HEAD: &str = r#""format":"sudoku-puzzle","format_version":1"#;

fn doc(body: &str) -> String {
    format!("{{{HEAD},{body}}}")
}

fn err(text: &str) -> String {
    read(text).unwrap_err().to_string()
}

fn classic_body(rules: &str) -> String {
    format!(
        r#""board":{{"rows":4,"cols":4}},"digits":4,"givens":[1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"rules":[{rules}]"#
    )
}

#[test]
fn json_level_errors() {
    let e = err(r#"{"format":"sudoku-puzzle","format_version":1,"board":{"rows":4"#);
    assert!(e.contains("the JSON text ends too early (truncated?)"), "{e}");
    let e = err(r#"{"format":"sudoku-puzzle","format":"sudoku-puzzle"}"#);
    assert!(e.contains("duplicate member \"format\""), "{e}");
    let e = err(r#"{"format":"sudoku-puzzle","format_version":1,"digits":NaN}"#);
    assert!(e.contains("not valid JSON"), "{e}");
}

#[test]
fn envelope_errors() {
    assert!(
        err(&doc(&classic_body(r#"{"type":"box_grid","origin":"r1c1","box":[2,2]}"#)
            .replace("\"digits\":4", "\"digits\":4.0")))
        .contains("digits: expected an integer >= 1, found 4.0")
    );
    let e = err(&doc(r#""board":{"rows":4,"cols":4},"digits":4,"givens":[1,0,0],"rules":[]"#));
    assert!(e.contains("givens: 3 entries, but the 4x4 board needs 16"), "{e}");
    let e = err(&doc(&classic_body("").replace("[1,0,0,0", "[5,0,0,0")));
    assert!(e.contains("givens[0]: r1c1 holds 5; digits are 1..4"), "{e}");
    let e = err(&doc(&classic_body("").replace("[1,0,0,0", "[\"1\",0,0,0")));
    assert!(e.contains("givens[0]: r1c1: expected an integer 0..4 or null, found \"1\""), "{e}");
    let e = err(&doc(&format!("{},\"colour\":1", classic_body(""))));
    assert!(e.contains("$.colour: unknown top-level member \"colour\""), "{e}");
    let e = err(r#"{"format":"sudoku-puzzle","format_version":2}"#);
    assert!(e.contains("format_version: version 2 is newer than this reader"), "{e}");
    // A gap-only last row: the board must end at a row with a cell.
    let e = err(&doc(r#""board":{"rows":2,"cols":1},"digits":1,"givens":[0,null],"rules":[]"#));
    assert!(e.contains("the last row (row 2) holds no cell"), "{e}");
}

#[test]
fn rule_errors_name_the_path() {
    let e = err(&doc(&classic_body(
        r#"{"type":"box_grid","origin":"r1c1","box":[2,2]},{"type":"thermometer","cells":[]}"#,
    )));
    assert!(e.contains("rules[1]: unknown rule type \"thermometer\""), "{e}");
    let e = err(&doc(&classic_body(r#"{"type":"box_grid","origin":"R1C1","box":[2,2]}"#)));
    assert!(
        e.contains("rules[0] (box_grid).origin: \"R1C1\" is not a cell name") && e.contains("lowercase"),
        "{e}"
    );
    let e = err(&doc(&classic_body(r#"{"type":"cage","sum":3,"cells":["r1c1","r5c1"]}"#)));
    assert!(e.contains("rules[0] (cage).cells[1]: r5c1 is outside the 4x4 board"), "{e}");
    let e = err(&doc(&classic_body(r#"{"type":"line","kind":"thermo","cells":["r1c1","r3c1"]}"#)));
    assert!(e.contains("rules[0] (line thermo).cells[1]: r3c1 does not touch r1c1"), "{e}");
    let e = err(&doc(&classic_body(r#"{"type":"cell","kind":"set","values":[7],"cells":["r1c1"]}"#)));
    assert!(e.contains("rules[0] (cell set).values[0]: 7 is not a digit of this puzzle (1..4)"), "{e}");
    let e =
        err(&doc(&classic_body(r#"{"type":"region","kind":"diagonal","cells":["r1c1"],"colour":"red"}"#)));
    assert!(e.contains("rules[0] (region).colour: unknown member \"colour\" for a region rule"), "{e}");
    let e = err(&doc(&classic_body(r#"{"type":"com.example:magic","cells":["r1c1"]}"#)));
    assert!(e.contains("vendor rule \"com.example:magic\" is not implemented"), "{e}");
    // A grid whose area runs into a gap.
    let e = err(&doc(
        r#""board":{"rows":2,"cols":2},"digits":2,"givens":[0,0,null,0],"rules":[{"type":"grid","origin":"r1c1"}]"#,
    ));
    assert!(e.contains("rules[0] (grid).origin: the 2x2 grid from r1c1 does not fit"), "{e}");
    // A cell name that is a gap.
    let e = err(&doc(
        r#""board":{"rows":2,"cols":2},"digits":2,"givens":[0,0,null,0],"rules":[{"type":"row","cells":["r2c1","r2c2"]}]"#,
    ));
    assert!(e.contains("rules[0] (row).cells[0]: r2c1 is a gap (null in givens), not a cell"), "{e}");
}

#[test]
fn solving_errors() {
    // Every rule family and given candidates are read for solving.
    let body = classic_body(r#"{"type":"box_grid","origin":"r1c1","box":[2,2]}"#);
    assert!(read(&doc(&format!(r#"{body},"candidates":{{"r1c2":[2,3]}}"#))).is_ok());
    let sandwich = doc(&classic_body(
        r#"{"type":"box_grid","origin":"r1c1","box":[2,2]},{"type":"sandwich","sum":3,"side":"left","cells":["r1c1","r1c2","r1c3","r1c4"]}"#,
    ));
    assert!(read(&sandwich).is_ok());
    // Variant rules are counted, solved and graded.
    let killer = doc(&classic_body(
        r#"{"type":"box_grid","origin":"r1c1","box":[2,2]},{"type":"cage","sum":3,"cells":["r1c1","r1c2"]}"#,
    ));
    let p = read(&killer).unwrap();
    // (this empty 4x4 killer has many solutions: graded, it is refused for that alone).
    let e = pencilmark::rate(&p, &pencilmark::RateOptions::default()).unwrap_err().to_string();
    assert!(e.starts_with("not unique"), "{e}");
    // Several solutions, no solution.
    let p = read(&doc(&classic_body(r#"{"type":"box_grid","origin":"r1c1","box":[2,2]}"#))).unwrap();
    // The error names two different solutions of the 4x4, each a valid grid.
    let e = pencilmark::solve(&p, None).unwrap_err();
    assert!(
        e.to_string().starts_with("not unique: the puzzle has more than one solution, for example "),
        "{e}"
    );
    let two = e.solutions().expect("two solutions named");
    assert_ne!(two[0], two[1]);
    for s in two.iter() {
        let given: String = s.clone();
        let again = read(&doc(&classic_body(r#"{"type":"box_grid","origin":"r1c1","box":[2,2]}"#).replace(
            "[1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]",
            &format!("[{}]", given.chars().map(|c| c.to_string()).collect::<Vec<_>>().join(",")),
        )))
        .unwrap();
        assert_eq!(
            pencilmark::solve(&again, None).unwrap().iter().map(|d| d.to_string()).collect::<String>(),
            given
        );
    }
    let v: serde_json::Value = serde_json::from_str(&e.to_json()).unwrap();
    assert_eq!(v["solutions"][0], two[0].as_str());
    let p =
        read(&doc(&classic_body(r#"{"type":"box_grid","origin":"r1c1","box":[2,2]}"#)
            .replace("[1,0,0,0", "[1,1,0,0")))
        .unwrap();
    assert_eq!(
        pencilmark::solve(&p, None).unwrap_err().to_string(),
        "no solution: the givens r1c1 and r1c2 both hold 1"
    );
}

#[test]
fn house_only_variants_are_solved_and_rated() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/examples/variants.jsonl"))
            .unwrap();
    let mut bands = Vec::new();
    for line in text.lines().filter(|l| l.starts_with('{')) {
        let p = read(line).unwrap();
        pencilmark::solve(&p, None).unwrap();
        let card = pencilmark::rate(&p, &RateOptions::with_fields(&["band"]).unwrap()).unwrap();
        bands.push(card.band().unwrap());
    }
    // The minimal jigsaw, X-sudoku, windoku and samurai, then the same with givens added: all get
    // cards on their own houses (the windoku's with its hidden regions: Very Hard, its WXYZ-Wing
    // band for the reference).
    assert_eq!(bands, ["Hard", "Expert", "Very Hard", "Expert", "Hard", "Easy", "Very Easy", "Hard"]);
}

#[test]
fn one_line_and_document_read_alike() {
    let line = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";
    let a = read(line).unwrap();
    let b = read(&pencilmark::export::canonical_text(&a.to_document()).unwrap()).unwrap();
    assert_eq!(a.board(), b.board());
    assert_eq!(a.givens(), b.givens());
    assert!(b.board().is_classic9());
}

#[test]
fn wrong_types_truncation_and_gaps_read_as_a_person_would_say_them() {
    let empty16 = "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]";
    let bg = r#"[{"type":"box_grid","origin":"r1c1","box":[2,2]}]"#;
    let body =
        |rest: &str| doc(&format!(r#""board":{{"rows":4,"cols":4}},"digits":4,"givens":{empty16},{rest}"#));
    let cases: [(String, &str); 11] = [
        (body(r#""rules":{}"#), "rules: expected an array of rule objects, found an object"),
        (
            doc(r#""board":[4,4],"digits":4,"givens":[],"rules":[]"#),
            r#"board: expected an object {"rows": R, "cols": C}, found an array"#,
        ),
        (doc(r#""board":{"rows":4},"digits":4,"givens":[],"rules":[]"#), r#"board: missing "cols""#),
        (body(r#""rules":["box_grid"]"#), "rules[0]: a rule is an object, not a string"),
        (body(&format!(r#""rules":{bg},"solution":[1,2]"#)), "solution: 2 entries, but the board needs 16"),
        (
            body(&format!(r#""rules":{bg},"candidates":{{"r1c1":[5]}}"#)),
            "candidates.r1c1[0]: 5 is not a digit of this puzzle (1..4)",
        ),
        (body(&format!(r#""rules":{bg},"meta":{{"title":"ab"#)), "the JSON text ends too early (truncated?)"),
        (
            doc(r#""board":{"rows":2,"cols":2},"digits":2,"givens":[null,null,null,null],"rules":[]"#),
            "givens: every entry is null: the board has no cell",
        ),
        (
            doc(r#""board":{"rows":2,"cols":2},"digits":2,"givens":[0,null,0,null],"rules":[]"#),
            "givens: the last column (column 2) holds no cell: the board ends at its last column with a cell",
        ),
        (
            body(r#""rules":[{"type":"box_grid","origin":"r1c1","box":[2,3]}]"#),
            "rules[0] (box_grid).box: boxes of 2x3 do not hold 4 cells",
        ),
        (
            body(&format!(r#""rules":{bg},"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,null]"#)),
            "solution[15]: null at r4c4, which is a cell",
        ),
    ];
    for (text, want) in cases {
        let e = err(&text);
        assert!(e.contains(want), "{text}\n  got: {e}\n want: {want}");
    }
    // Leading gap rows and columns are fine (a multi-grid board may start with them).
    read(&doc(r#""board":{"rows":2,"cols":2},"digits":1,"givens":[null,null,null,0],"rules":[]"#)).unwrap();
}

#[test]
fn export_writes_the_solution_only_for_a_unique_puzzle() {
    use pencilmark::export::canonical_text;
    // Several solutions: no solution member; no solution (givens that conflict through the
    // houses only): none either, and no error.
    let several = read(&doc(&classic_body(r#"{"type":"box_grid","origin":"r1c1","box":[2,2]}"#))).unwrap();
    assert!(!canonical_text(several.document().unwrap()).unwrap().contains("solution"));
    let none = read(
        &doc(&classic_body(r#"{"type":"box_grid","origin":"r1c1","box":[2,2]}"#))
            .replace("[1,0,0,0,0,0,0,0", "[1,2,0,0,0,0,3,4"),
    )
    .unwrap();
    assert!(!canonical_text(none.document().unwrap()).unwrap().contains("solution"));
    assert!(pencilmark::solve(&none, None).unwrap_err().to_string().starts_with("no solution"));
    let unique = "1..4.4....3.3..2";
    let p = read(unique).unwrap();
    assert!(canonical_text(&p.to_document()).unwrap().contains("\"solution\": ["));
}
