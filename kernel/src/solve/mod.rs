//! Exact solving: count solutions up to a limit (limit 2 proves uniqueness) and return one.
//!
//! `Solver` compiles a board once (house masks at the board's width) and then counts any number of
//! puzzles on it, which is what batch callers and generators want.

pub mod classic9;
mod general;
#[cfg(any(test, feature = "internals"))]
pub mod oracle;

pub(crate) use general::{Cutoff, Node, count_from};

use crate::Error;
use crate::board::{Board, Geometry};
use crate::format::Puzzle;

/// A board compiled for solving, at the cell-set width its size needs.
#[derive(Clone, Debug)]
pub enum AnyGeometry {
    W1(Geometry<1>),
    W2(Geometry<2>),
    W3(Geometry<3>),
    W4(Geometry<4>),
    W5(Geometry<5>),
    W6(Geometry<6>),
    W8(Geometry<8>),
    W10(Geometry<10>),
    W12(Geometry<12>),
    W16(Geometry<16>),
}

/// Runs `$body` with `$geo` bound to the `Geometry<W>` inside an `AnyGeometry`.
#[macro_export]
#[doc(hidden)]
macro_rules! on_geometry {
    ($any:expr, $geo:ident => $body:expr) => {
        match $any {
            $crate::solve::AnyGeometry::W1($geo) => $body,
            $crate::solve::AnyGeometry::W2($geo) => $body,
            $crate::solve::AnyGeometry::W3($geo) => $body,
            $crate::solve::AnyGeometry::W4($geo) => $body,
            $crate::solve::AnyGeometry::W5($geo) => $body,
            $crate::solve::AnyGeometry::W6($geo) => $body,
            $crate::solve::AnyGeometry::W8($geo) => $body,
            $crate::solve::AnyGeometry::W10($geo) => $body,
            $crate::solve::AnyGeometry::W12($geo) => $body,
            $crate::solve::AnyGeometry::W16($geo) => $body,
        }
    };
}

impl AnyGeometry {
    /// Compiles a board; an error when it has more cells than the engine handles.
    pub fn new(board: &Board) -> Result<AnyGeometry, String> {
        let n = board.cell_count();
        Ok(match n {
            0..=64 => AnyGeometry::W1(Geometry::new(board)),
            65..=128 => AnyGeometry::W2(Geometry::new(board)),
            129..=192 => AnyGeometry::W3(Geometry::new(board)),
            193..=256 => AnyGeometry::W4(Geometry::new(board)),
            257..=320 => AnyGeometry::W5(Geometry::new(board)),
            321..=384 => AnyGeometry::W6(Geometry::new(board)),
            385..=512 => AnyGeometry::W8(Geometry::new(board)),
            513..=640 => AnyGeometry::W10(Geometry::new(board)),
            641..=768 => AnyGeometry::W12(Geometry::new(board)),
            769..=1024 => AnyGeometry::W16(Geometry::new(board)),
            _ => {
                return Err(format!("a board of {n} cells is larger than the engine handles (1024)"));
            }
        })
    }
}

/// How many solutions a puzzle has, capped at the limit asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// min(number of solutions, limit).
    pub count: u32,
    /// The first solution found (one digit 1..=D per cell), when there is one.
    pub solution: Option<Vec<u8>>,
}

/// An exact solver for one board shape.
#[derive(Clone, Debug)]
pub struct Solver {
    board: Board,
    geometry: AnyGeometry,
}

impl Solver {
    pub fn new(board: &Board) -> Result<Solver, String> {
        Ok(Solver { board: board.clone(), geometry: AnyGeometry::new(board)? })
    }

    #[cfg(any(test, feature = "internals"))]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Counts solutions of `givens` (one value 0..=D per cell) up to `limit` (at least 1), writing
    /// the first solution into `solution` when there is one. Givens that conflict count 0.
    /// A classic 9x9 goes through the SIMD 9x9 counter, every other board through the general one.
    pub fn count_into(&self, givens: &[u8], limit: u32, solution: Option<&mut [u8]>) -> u32 {
        assert_eq!(givens.len(), self.board.cell_count(), "one given per cell");
        let limit = limit.max(1);
        if self.board.is_classic9()
            && let Ok(cells) = <&[u8; 81]>::try_from(givens)
        {
            return match solution {
                Some(out) => {
                    let mut grid = [0u8; 81];
                    let n = classic9::count(cells, limit, Some(&mut grid));
                    if n > 0 {
                        out[..81].copy_from_slice(&grid);
                    }
                    n
                }
                None => classic9::count(cells, limit, None),
            };
        }
        self.count_general(givens, limit, solution)
    }

    /// The general solver alone, for every board (tests compare it with the 9x9 counter).
    #[doc(hidden)]
    pub fn count_general(&self, givens: &[u8], limit: u32, solution: Option<&mut [u8]>) -> u32 {
        on_geometry!(&self.geometry, geo => {
            match Node::with_givens(geo, givens) {
                None => 0,
                Some(root) => general::count_from(geo, &root, limit.max(1), solution),
            }
        })
    }

    /// Counts solutions up to `limit` and returns the first.
    pub fn count(&self, givens: &[u8], limit: u32) -> Count {
        let mut out = vec![0u8; self.board.cell_count()];
        let count = self.count_into(givens, limit, Some(&mut out));
        Count { count, solution: (count > 0).then_some(out) }
    }

    /// As [`Solver::count`], but the search gives up after `max_nodes` search nodes
    /// (deterministic: the same input always stops at the same place; the 9x9 counter's nodes
    /// are larger steps than the general solver's).
    pub fn count_with_budget(
        &self,
        givens: &[u8],
        limit: u32,
        max_nodes: u64,
    ) -> Result<Count, BudgetExhausted> {
        self.count_cut(givens, limit, general::Cutoff::Nodes(max_nodes))
            .map_err(|found| BudgetExhausted { max_nodes, found })
    }

    /// As [`Solver::count`], but the search gives up at `deadline` (`None`): most 9x9 puzzles take
    /// microseconds, but a few givens with no solution can take the 9x9 counter minutes.
    pub fn count_until(&self, givens: &[u8], limit: u32, deadline: std::time::Instant) -> Option<Count> {
        self.count_cut(givens, limit, general::Cutoff::Deadline(deadline)).ok()
    }

    /// The count with the general solver cut off: `Err(solutions found so far)`.
    fn count_cut(&self, givens: &[u8], limit: u32, cutoff: general::Cutoff) -> Result<Count, u32> {
        assert_eq!(givens.len(), self.board.cell_count(), "one given per cell");
        let mut out = vec![0u8; self.board.cell_count()];
        let limit = limit.max(1);
        if self.board.is_classic9()
            && let Ok(cells) = <&[u8; 81]>::try_from(givens)
        {
            let mut grid = [0u8; 81];
            let count = classic9::count_cut(cells, limit, Some(&mut grid), Some(cutoff))?;
            out.copy_from_slice(&grid);
            return Ok(Count { count, solution: (count > 0).then_some(out) });
        }
        let count = on_geometry!(&self.geometry, geo => {
            match Node::with_givens(geo, givens) {
                None => Ok(0),
                Some(root) => general::count_from_cutoff(geo, &root, limit, Some(&mut out), cutoff),
            }
        })?;
        Ok(Count { count, solution: (count > 0).then_some(out) })
    }
}

/// A budgeted count stopped before it could decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BudgetExhausted {
    /// The node budget that was used up.
    pub max_nodes: u64,
    /// Solutions found before the budget ran out (fewer than the limit asked for).
    pub found: u32,
}

impl std::fmt::Display for BudgetExhausted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the search ran out of its budget of {} nodes", self.max_nodes)
    }
}

impl std::error::Error for BudgetExhausted {}

/// Counts the solutions of a puzzle up to `limit` (2 proves uniqueness) and returns the first.
/// A document with variant rules goes through the rule layer's search.
#[cfg(any(test, feature = "internals"))]
pub fn count(puzzle: &Puzzle, limit: u32) -> Result<Count, Error> {
    Ok(count_until(puzzle, limit, None)?.expect("a count without deadline always decides"))
}

/// True when a puzzle has rules other than houses, or given candidates (the rule layer solves
/// it; the house solvers know neither).
pub fn has_variant_rules(puzzle: &Puzzle) -> bool {
    puzzle.document.as_deref().is_some_and(|d| !d.houses_only())
}

/// As [`count`], giving up at `deadline` (`Ok(None)`). Errors: rules no family solves
/// (unsupported), rule parameters no grid can use the way they are written (invalid), a board
/// beyond the engine.
pub fn count_until(
    puzzle: &Puzzle,
    limit: u32,
    deadline: Option<std::time::Instant>,
) -> Result<Option<Count>, Error> {
    if let Some(doc) = puzzle.document.as_deref()
        && has_variant_rules(puzzle)
    {
        let unsolved = crate::format::unsolved_families(doc);
        if !unsolved.is_empty() {
            return Err(Error::Unsupported(format!(
                "this build of pencilmark does not solve these rules yet: {}",
                unsolved.join(", ")
            )));
        }
        if puzzle.board.digits > crate::rules::MAX_DIGITS {
            return Err(Error::Board(format!(
                "rules on {} digits are beyond the rule layer ({} at most)",
                puzzle.board.digits,
                crate::rules::MAX_DIGITS
            )));
        }
        let solver = crate::rules::RuleSolver::new(doc, &puzzle.board).map_err(Error::Rule)?;
        return Ok(solver.count(&puzzle.givens, limit, deadline).ok());
    }
    let solver = Solver::new(&puzzle.board).map_err(Error::Board)?;
    Ok(match deadline {
        None => Some(solver.count(&puzzle.givens, limit)),
        Some(at) => solver.count_until(&puzzle.givens, limit, at),
    })
}

/// Why a cell array cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellsError {
    /// The length is not D*D for a board size the one-line form has.
    Length(usize),
    /// The byte at `index` (0-based) is neither a value 0..=D nor a symbol of a D x D puzzle.
    Byte { index: usize, byte: u8, digits: usize },
    /// The output buffer is shorter than the board.
    Output { needed: usize, got: usize },
}

impl std::fmt::Display for CellsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CellsError::Length(n) => write!(
                f,
                "{n} cells do not make a square board (81 for 9x9; 16, 36, 64, 100, 144, 196, 225, 256, 400, 625)"
            ),
            CellsError::Byte { index, byte, digits } => write!(
                f,
                "cell {} holds byte {byte}, which is neither a value 0..={digits} nor a symbol of a {digits}x{digits} puzzle",
                index + 1
            ),
            CellsError::Output { needed, got } => {
                write!(f, "the solution buffer holds {got} cells, the board has {needed}")
            }
        }
    }
}

impl std::error::Error for CellsError {}

/// Reads a classic board from a cell array: D*D bytes (D from the length, as for a one-line
/// puzzle), each either a value 0..=D (0 = empty) or an ASCII symbol of the one-line form.
/// Writes the values into `givens` (at least as long as `cells`) and returns D.
pub fn read_cells(cells: &[u8], givens: &mut [u8]) -> Result<usize, CellsError> {
    let Some(&(_, d)) = crate::format::LINE_SIZES.iter().find(|(len, _)| *len == cells.len()) else {
        return Err(CellsError::Length(cells.len()));
    };
    // A table instead of a match per byte: empty cells and digits alternate in no pattern, and
    // a mispredicted branch per cell costs as much as a third of counting an easy 9x9.
    let mut widest = 0u8;
    for (g, &b) in givens.iter_mut().zip(cells) {
        let v = CELL_VALUE[b as usize];
        *g = v;
        widest = widest.max(v);
    }
    if usize::from(widest) > d {
        let index = givens[..cells.len()].iter().position(|&v| usize::from(v) > d).expect("a value above d");
        return Err(CellsError::Byte { index, byte: cells[index], digits: d });
    }
    Ok(d)
}

/// The value of each byte of a cell array: itself for a raw value 0..=35, else the value of its
/// one-line symbol; `u8::MAX` for a byte that is neither.
const CELL_VALUE: [u8; 256] = {
    let mut t = [u8::MAX; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = match (b as u8, crate::format::symbol_byte_value(b as u8)) {
            (v @ 0..=35, _) => v,
            (_, Some(v)) => v,
            (_, None) => u8::MAX,
        };
        b += 1;
    }
    t
};

/// Counts the solutions of a classic puzzle given as a cell array (see `read_cells`) up to `limit`;
/// writes the first solution (values 1..=D) into `solution` when there is one. A 9x9 allocates
/// nothing: it goes straight to the SIMD counter.
pub fn count_cells(cells: &[u8], limit: u32, solution: Option<&mut [u8]>) -> Result<u32, CellsError> {
    Ok(count_cells_until(cells, limit, solution, None)?.expect("a count without deadline always decides"))
}

/// The solver of the standard board a cell array's length gives, and its givens.
fn standard_solver(cells: &[u8]) -> Result<(Solver, Vec<u8>), CellsError> {
    let mut givens = vec![0u8; cells.len()];
    let d = read_cells(cells, &mut givens)?;
    let board = Board::standard(d).expect("every one-line size has a standard box shape");
    Ok((Solver::new(&board).expect("one-line boards fit the engine"), givens))
}

/// As [`count_cells`], giving up at `deadline` (`Ok(None)`): a few givens with no solution can
/// keep even the 9x9 counter busy for minutes. A 9x9 still allocates nothing.
pub fn count_cells_until(
    cells: &[u8],
    limit: u32,
    solution: Option<&mut [u8]>,
    deadline: Option<std::time::Instant>,
) -> Result<Option<u32>, CellsError> {
    if let Some(out) = &solution
        && out.len() < cells.len()
    {
        return Err(CellsError::Output { needed: cells.len(), got: out.len() });
    }
    if cells.len() == 81 {
        let (mut givens, mut grid) = ([0u8; 81], [0u8; 81]);
        read_cells(cells, &mut givens)?;
        let cutoff = deadline.map(general::Cutoff::Deadline);
        // Without a buffer the counter keeps no solution.
        let keep = solution.is_some().then_some(&mut grid);
        let Ok(n) = classic9::count_cut(&givens, limit.max(1), keep, cutoff) else {
            return Ok(None);
        };
        if let Some(out) = solution
            && n > 0
        {
            out[..81].copy_from_slice(&grid);
        }
        return Ok(Some(n));
    }
    let (solver, givens) = standard_solver(cells)?;
    let Some(at) = deadline else {
        return Ok(Some(solver.count_into(&givens, limit, solution)));
    };
    let Some(count) = solver.count_until(&givens, limit, at) else { return Ok(None) };
    if let (Some(out), Some(found)) = (solution, &count.solution) {
        out[..found.len()].copy_from_slice(found);
    }
    Ok(Some(count.count))
}

/// A count to one of some givens: None when the deadline passed.
type CountOne = dyn Fn(&[u8]) -> Option<Count>;

/// A solution of `puzzle` other than `first` (when the puzzle has two or more), found by
/// giving each open cell in turn another digit and solving; None when the deadline passes first.
pub(crate) fn another_solution(
    puzzle: &Puzzle,
    first: &[u8],
    deadline: Option<std::time::Instant>,
) -> Result<Option<Vec<u8>>, Error> {
    // One solver for every probe: building it is the costly part on large or ruled boards.
    let count_one: Box<CountOne> = match puzzle.document.as_deref() {
        Some(doc) if has_variant_rules(puzzle) => {
            let solver = crate::rules::RuleSolver::new(doc, &puzzle.board).map_err(Error::Rule)?;
            Box::new(move |g: &[u8]| solver.count(g, 1, deadline).ok())
        }
        _ => {
            let solver = Solver::new(&puzzle.board).map_err(Error::Board)?;
            Box::new(move |g: &[u8]| match deadline {
                None => Some(solver.count(g, 1)),
                Some(at) => solver.count_until(g, 1, at),
            })
        }
    };
    let digits = puzzle.board.digits as u8;
    let mut givens = puzzle.givens.clone();
    for cell in (0..givens.len()).filter(|&c| puzzle.givens[c] == 0) {
        for d in (1..=digits).filter(|&d| d != first[cell]) {
            givens[cell] = d;
            match count_one(&givens) {
                None => return Ok(None),
                Some(c) if c.count > 0 => return Ok(c.solution),
                Some(_) => {}
            }
        }
        givens[cell] = 0;
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read_classic;

    #[test]
    fn worked_example_is_unique() {
        let p =
            read_classic("....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......")
                .unwrap();
        let c = count(&p, 2).unwrap();
        assert_eq!(c.count, 1);
        let sol = c.solution.unwrap();
        assert!(oracle::is_solution(&p.board, &p.givens, &sol));
    }

    #[test]
    fn conflicting_givens_count_zero() {
        let mut line = ".".repeat(81);
        line.replace_range(0..2, "11");
        let p = read_classic(&line).unwrap();
        assert_eq!(count(&p, 2).unwrap().count, 0);
    }

    #[test]
    fn cell_arrays_within_a_deadline_answer_as_without_one_or_give_up() {
        let far = Some(std::time::Instant::now() + std::time::Duration::from_secs(600));
        let nine = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......";
        let sixteen = ".".repeat(256);
        for line in [nine, sixteen.as_str()] {
            let (mut plain, mut limited) = (vec![0u8; line.len()], vec![0u8; line.len()]);
            let n = count_cells(line.as_bytes(), 2, Some(&mut plain)).unwrap();
            assert_eq!(count_cells_until(line.as_bytes(), 2, Some(&mut limited), far), Ok(Some(n)));
            assert_eq!(plain, limited);
        }
        // Eleven givens without a solution: minutes of search, so a passed deadline gives up.
        let hard = ".................................708.......43.659.......3..............4.........";
        let past = Some(std::time::Instant::now());
        assert_eq!(count_cells_until(hard.as_bytes(), 2, Some(&mut [0u8; 81]), past), Ok(None));
        assert_eq!(
            count_cells_until(nine.as_bytes(), 2, Some(&mut [0u8; 9]), far),
            Err(CellsError::Output { needed: 81, got: 9 })
        );
    }

    #[test]
    fn cell_arrays_take_values_or_symbols() {
        let line = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......";
        let mut out = [0u8; 81];
        assert_eq!(count_cells(line.as_bytes(), 2, Some(&mut out)), Ok(1));
        let values: Vec<u8> = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        let mut out2 = [0u8; 81];
        assert_eq!(count_cells(&values, 2, Some(&mut out2)), Ok(1));
        assert_eq!(out, out2);
        assert!(count_cells(&values[..80], 2, None).unwrap_err().to_string().contains("80 cells"));
        let mut bad = values.clone();
        bad[3] = b'x';
        assert!(count_cells(&bad, 2, None).unwrap_err().to_string().contains("cell 4"));
        assert_eq!(
            count_cells(&values, 2, Some(&mut [0u8; 10])),
            Err(CellsError::Output { needed: 81, got: 10 })
        );
    }

    #[test]
    fn empty_boards_have_many_solutions() {
        for d in [4, 6, 8, 9, 12, 16, 25] {
            let b = Board::standard(d).unwrap();
            let s = Solver::new(&b).unwrap();
            let c = s.count(&vec![0; d * d], 2);
            assert_eq!(c.count, 2, "{d}x{d}");
            assert!(oracle::is_solution(&b, &vec![0; d * d], &c.solution.unwrap()));
        }
    }
}
