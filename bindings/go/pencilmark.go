// Package pencilmark wraps libpencilmark, the C ABI of the pencilmark sudoku grader and exact
// solver.
//
// Rate returns a puzzle's grade card (the sudoku-grade format, docs/card-format.md in the
// repository) as a decoded JSON object, RateMany rates a text of puzzle lines on several
// threads, and CountSolutions and Solve are the solver's fast paths over a cell array.
//
// All functions are safe for concurrent use by multiple goroutines: the library keeps no global
// mutable state, and every string it returns is copied into Go memory and freed before the call
// returns, so there are no handles and no finalizers.
//
// The import path is example.invalid/pencilmark/bindings/go (package name pencilmark). cgo finds
// the library through pkg-config, so install it first (tools/install-c.sh PREFIX from the
// repository root, or cargo cinstall) and let pkg-config see PREFIX/lib/pkgconfig:
//
//	tools/install-c.sh "$HOME/.local"
//	export PKG_CONFIG_PATH="$HOME/.local/lib/pkgconfig"
//	export CGO_LDFLAGS="-Wl,-rpath,$HOME/.local/lib"  # or LD_LIBRARY_PATH, for a prefix the loader does not search
//	go test ./...
package pencilmark

/*
#cgo pkg-config: pencilmark
#include <stdlib.h>
#include <pencilmark.h>
*/
import "C"

import (
	"encoding/json"
	"errors"
	"fmt"
	"unsafe"
)

// ABIVersion is the C ABI version this package was written against.
const ABIVersion = C.PENCILMARK_ABI_VERSION

func init() {
	if got := C.pm_abi_version(); got != C.PENCILMARK_ABI_VERSION {
		panic(fmt.Sprintf("pencilmark: libpencilmark has ABI version %d, this package needs %d",
			uint32(got), ABIVersion))
	}
}

// Version is the library's version text, e.g. "pencilmark 1.1.0 abi=1 simd=sse2".
func Version() string {
	return C.GoString(C.pm_version())
}

// Options select what a card holds. The zero value (or a nil *Options) gives the defaults.
type Options struct {
	// Fields lists the card fields to compute (docs/card-format.md in the repository); empty: the defaults.
	Fields []string `json:"fields,omitempty"`
	// Alternatives, when set, turns the search for each technique's alternatives on or off.
	Alternatives *bool `json:"alternatives,omitempty"`
	// Jobs is the number of worker threads for RateMany; 0: the available cores.
	Jobs int `json:"jobs,omitempty"`
	// Explain lists the explanation levels of each step ("notation", "short", "teach"; the
	// notation comes with any level) and adds the steps field; empty: no explanations.
	Explain []string `json:"explain,omitempty"`
	// Steps is the card format's shorthand for the steps field with every explanation level.
	Steps bool `json:"steps,omitempty"`
	// SE is the shorthand for the se field (Sudoku Explainer-style ratings).
	SE bool `json:"se,omitempty"`
}

// Kind says what kind of failure an Error is: branch on it, never on the message.
type Kind string

// The kinds of failure (the "kind" of the library's error objects); more may be added.
const (
	KindInvalid     Kind = "invalid"     // not a puzzle, or invalid options
	KindNoSolution  Kind = "no_solution" // no grid completes the givens
	KindNotUnique   Kind = "not_unique"  // more than one grid completes them
	KindUndecided   Kind = "undecided"   // max_seconds passed before the search finished
	KindUnsupported Kind = "unsupported" // rules, a board or a technique beyond this build
	KindInternal    Kind = "internal"    // the library failed on this input (a bug, caught)
)

// Error is a puzzle the grader gave no card for (the card format's {"error": ..., "kind": ...}
// object), or a call that failed as a whole.
type Error struct {
	// Message is the grader's text, for people.
	Message string
	// Kind is what a program branches on.
	Kind Kind
	// Line is the 1-based input line for RateMany; 0 for Rate.
	Line int
	// Solutions holds two of the solutions of a puzzle with several (KindNotUnique), one
	// symbol per cell in reading order, when the grader found them within its time limit.
	Solutions []string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("pencilmark: line %d: %s", e.Line, e.Message)
	}
	return "pencilmark: " + e.Message
}

// Result is one puzzle line's outcome in RateMany: a card, or an *Error.
type Result struct {
	Card map[string]any
	Err  error
}

// json is the C options text: nil for the defaults.
func (o *Options) json() ([]byte, error) {
	if o == nil {
		return nil, nil
	}
	return json.Marshal(o)
}

// call runs a pm_rate-shaped function on input and an options text (nil: NULL) and returns its
// JSON text, copied into Go memory.
func call(f func(*C.char, *C.char) *C.char, input string, options []byte, err error) (string, error) {
	if err != nil {
		return "", err
	}
	in := C.CString(input)
	defer C.free(unsafe.Pointer(in))
	var opts *C.char
	if options != nil {
		opts = C.CString(string(options))
		defer C.free(unsafe.Pointer(opts))
	}
	out := f(in, opts)
	if out == nil {
		return "", &Error{Message: "internal error: libpencilmark returned NULL"}
	}
	defer C.pm_free(out)
	return C.GoString(out), nil
}

func cRate(p, o *C.char) *C.char     { return C.pm_rate(p, o) }
func cRateMany(p, o *C.char) *C.char { return C.pm_rate_many(p, o) }
func cCount(p, o *C.char) *C.char    { return C.pm_count(p, o) }

// rateJSON is pm_rate's text for a puzzle.
func rateJSON(puzzle string, o *Options) (string, error) {
	options, err := o.json()
	return call(cRate, puzzle, options, err)
}

// rateManyJSON is pm_rate_many's text for a text of puzzle lines.
func rateManyJSON(puzzles string, o *Options) (string, error) {
	options, err := o.json()
	return call(cRateMany, puzzles, options, err)
}

// decode turns one JSON object into a card or an *Error.
func decode(raw []byte) (map[string]any, error) {
	var obj map[string]any
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, fmt.Errorf("pencilmark: undecodable result: %w", err)
	}
	if msg, ok := obj["error"]; ok {
		e := &Error{Message: fmt.Sprint(msg)}
		if kind, ok := obj["kind"].(string); ok {
			e.Kind = Kind(kind)
		}
		if line, ok := obj["line"].(float64); ok {
			e.Line = int(line)
		}
		if two, ok := obj["solutions"].([]any); ok {
			for _, s := range two {
				e.Solutions = append(e.Solutions, fmt.Sprint(s))
			}
		}
		return nil, e
	}
	return obj, nil
}

// Rate grades one puzzle (a one-line classic: 81 symbols for 9x9, '.' or '0' for a blank). It
// returns the decoded grade card, or an *Error when the puzzle has no card (unreadable, no
// solution, not unique, beyond this build's techniques) or the options are invalid.
func Rate(puzzle string, o *Options) (map[string]any, error) {
	text, err := rateJSON(puzzle, o)
	if err != nil {
		return nil, err
	}
	return decode([]byte(text))
}

// RateMany grades every puzzle line of text (blank lines and '#' comments are skipped) on
// o.Jobs threads and returns one Result per puzzle line, in input order; a failed puzzle's Err is
// an *Error carrying its line number. The error return is for a call that failed as a whole
// (invalid options).
func RateMany(text string, o *Options) ([]Result, error) {
	out, err := rateManyJSON(text, o)
	if err != nil {
		return nil, err
	}
	var items []json.RawMessage
	if err := json.Unmarshal([]byte(out), &items); err != nil {
		// Not an array: the whole call failed with one {"error": ...} object.
		_, err := decode([]byte(out))
		if err == nil {
			err = fmt.Errorf("pencilmark: unexpected result %.80q", out)
		}
		return nil, err
	}
	results := make([]Result, len(items))
	for i, raw := range items {
		results[i].Card, results[i].Err = decode(raw)
	}
	return results, nil
}

// CountOptions say how Count counts. The zero value (or a nil *CountOptions) counts to 2, which
// proves uniqueness, with no time limit.
type CountOptions struct {
	// Limit stops the count at this many solutions; 0: 2.
	Limit uint32 `json:"limit,omitempty"`
	// Solution asks for the first solution found.
	Solution bool `json:"solution,omitempty"`
	// MaxSeconds bounds the count (a *Error of KindUndecided when it passes); 0: no limit.
	MaxSeconds float64 `json:"max_seconds,omitempty"`
}

// json is the C options text: nil for the defaults.
func (o *CountOptions) json() ([]byte, error) {
	if o == nil {
		return nil, nil
	}
	return json.Marshal(o)
}

// Counted is Count's answer.
type Counted struct {
	// Count is min(solutions, limit).
	Count int `json:"count"`
	// Solution is the first solution found as a one-line grid, when asked for and Count > 0.
	Solution string `json:"solution,omitempty"`
}

// Count counts the solutions of one puzzle: a one-line classic or a sudoku-puzzle document, any
// board shape, any rule family the library solves (killer cages, thermos, arrows, ...). It
// returns an *Error for a text that is not a puzzle, rules this build does not solve, invalid
// options, or a count past o.MaxSeconds (KindUndecided).
func Count(puzzle string, o *CountOptions) (Counted, error) {
	options, err := o.json()
	text, err := call(cCount, puzzle, options, err)
	if err != nil {
		return Counted{}, err
	}
	if _, err := decode([]byte(text)); err != nil {
		return Counted{}, err
	}
	var c Counted
	if err := json.Unmarshal([]byte(text), &c); err != nil {
		return Counted{}, fmt.Errorf("pencilmark: undecodable result: %w", err)
	}
	return c, nil
}

// StatusError is a negative status of the fast paths (PM_STATUS_*).
type StatusError int32

// The statuses of the C ABI.
const (
	ErrNullArgument   StatusError = C.PM_STATUS_NULL_ARGUMENT
	ErrInvalidPuzzle  StatusError = C.PM_STATUS_INVALID_PUZZLE
	ErrCPUUnsupported StatusError = C.PM_STATUS_CPU_UNSUPPORTED
	ErrPanic          StatusError = C.PM_STATUS_PANIC
	ErrBufferTooSmall StatusError = C.PM_STATUS_BUFFER_TOO_SMALL
	ErrInvalidOptions StatusError = C.PM_STATUS_INVALID_OPTIONS
	ErrUndecided      StatusError = C.PM_STATUS_UNDECIDED
)

func (s StatusError) Error() string {
	return "pencilmark: " + C.GoString(C.pm_status_str(C.int32_t(s)))
}

// cells returns a C view of a cell slice; an empty slice gets a valid pointer to a dummy byte,
// so the library reports an invalid puzzle rather than a NULL argument.
func cells(b []byte) (*C.uint8_t, C.size_t) {
	if len(b) == 0 {
		var dummy byte
		return (*C.uint8_t)(unsafe.Pointer(&dummy)), 0
	}
	return (*C.uint8_t)(unsafe.Pointer(&b[0])), C.size_t(len(b))
}

// CountSolutions counts the solutions of a classic board, up to limit (2 proves uniqueness).
// board holds one byte per cell in row order (81 for 9x9; 16, 36, ... 625 for other sizes): a
// value 0..D or a symbol of the one-line form ('.', '0'-'9', 'A'...). It returns min(count,
// limit), or a StatusError for a board that is not a puzzle.
func CountSolutions(board []byte, limit uint32) (int, error) {
	p, n := cells(board)
	r := C.pm_count_solutions(p, n, C.uint32_t(limit))
	if r < 0 {
		return 0, StatusError(r)
	}
	return int(r), nil
}

// CountSolutionsWithin is CountSolutions bounded by a time limit (seconds, at least 0): ErrUndecided
// when it passes first. Large boards, and a 9x9 with few givens and no solution, can otherwise
// take minutes.
func CountSolutionsWithin(board []byte, limit uint32, maxSeconds float64) (int, error) {
	p, n := cells(board)
	r := C.pm_count_solutions_within(p, n, C.uint32_t(limit), C.double(maxSeconds))
	if r < 0 {
		return 0, StatusError(r)
	}
	return int(r), nil
}

// ErrNoSolution and ErrNotUnique are Solve's answers for a board without a unique solution.
var (
	ErrNoSolution = errors.New("pencilmark: no solution")
	ErrNotUnique  = errors.New("pencilmark: more than one solution")
)

// Solve returns the unique solution of a classic board (cells as for CountSolutions), one value
// 1..D per cell; ErrNoSolution, ErrNotUnique, or a StatusError otherwise.
func Solve(board []byte) ([]byte, error) {
	p, n := cells(board)
	out := make([]byte, len(board)+1)
	r := C.pm_solve(p, n, (*C.uint8_t)(unsafe.Pointer(&out[0])), C.size_t(len(out)))
	switch {
	case r < 0:
		return nil, StatusError(r)
	case r == 0:
		return nil, ErrNoSolution
	case r == 1:
		return out[:len(board)], nil
	default:
		return nil, ErrNotUnique
	}
}
