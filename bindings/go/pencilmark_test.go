package pencilmark

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// exampleFile is the repository's example puzzle file.
const exampleFile = "../../data/examples/classic.txt"

func exampleLines(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(exampleFile)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) < 6 {
		t.Fatalf("%s has only %d puzzles", exampleFile, len(lines))
	}
	return lines
}

func TestABIAndVersion(t *testing.T) {
	if ABIVersion != 1 {
		t.Fatalf("ABIVersion = %d", ABIVersion)
	}
	if v := Version(); !strings.HasPrefix(v, "pencilmark ") || !strings.Contains(v, " abi=1 simd=") {
		t.Fatalf("Version() = %q", v)
	}
}

// Every line of the example file rated from 32 goroutines at once gives exactly the serial JSON.
func TestConcurrentRateMatchesSerial(t *testing.T) {
	lines := exampleLines(t)
	serial := make([]string, len(lines))
	for i, l := range lines {
		out, err := rateJSON(l, nil)
		if err != nil {
			t.Fatal(err)
		}
		serial[i] = out
	}
	const goroutines = 32
	const rounds = 3
	var wg sync.WaitGroup
	errs := make(chan string, goroutines*rounds*len(lines))
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				for k := range lines {
					i := (k + g) % len(lines) // each goroutine starts elsewhere
					out, err := rateJSON(lines[i], nil)
					if err != nil {
						errs <- err.Error()
					} else if out != serial[i] {
						errs <- "line " + lines[i] + ": got " + out + ", serially " + serial[i]
					}
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// The decoded API agrees with the raw JSON: cards for cards, *Error for error objects.
func TestRateDecodes(t *testing.T) {
	for _, l := range exampleLines(t) {
		raw, err := rateJSON(l, nil)
		if err != nil {
			t.Fatal(err)
		}
		card, err := Rate(l, nil)
		if strings.HasPrefix(raw, `{"error"`) {
			var e *Error
			if !errors.As(err, &e) || e.Line != 0 || card != nil {
				t.Errorf("%s: want an *Error, got %v, %v", l, card, err)
			}
		} else if err != nil || card["format"] != "sudoku-grade" {
			t.Errorf("%s: want a card, got %v, %v", l, card, err)
		}
	}
}

// pm_rate_many's elements are byte-identical to pm_rate's (plus "line" on errors), for any
// number of jobs, on repeated calls.
func TestRateManyMatchesRate(t *testing.T) {
	data, err := os.ReadFile(exampleFile)
	if err != nil {
		t.Fatal(err)
	}
	lines := exampleLines(t)
	var want []string
	for i, l := range lines {
		out, err := rateJSON(l, nil)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(out, `{"error"`) {
			out = strings.TrimSuffix(out, "}") + `,"line":` + strconv.Itoa(i+1) + "}"
		}
		want = append(want, out)
	}
	expected := "[" + strings.Join(want, ",") + "]"
	for _, jobs := range []int{1, 2, 8} {
		for round := 0; round < 2; round++ {
			got, err := rateManyJSON(string(data), &Options{Jobs: jobs})
			if err != nil {
				t.Fatal(err)
			}
			if got != expected {
				t.Fatalf("jobs %d: pm_rate_many gave\n%s\nwant\n%s", jobs, got, expected)
			}
		}
	}
	// Several batches at once, each with its own worker pool.
	var wg sync.WaitGroup
	got := make([]string, 8)
	for g := range got {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			got[g], _ = rateManyJSON(string(data), &Options{Jobs: 2})
		}(g)
	}
	wg.Wait()
	for g, out := range got {
		if out != expected {
			t.Fatalf("concurrent batch %d gave\n%s\nwant\n%s", g, out, expected)
		}
	}
	results, err := RateMany(string(data), nil)
	if err != nil || len(results) != len(lines) {
		t.Fatalf("RateMany: %d results, %v", len(results), err)
	}
}

func TestInvalidOptions(t *testing.T) {
	no := false
	easy := exampleLines(t)[0]
	if _, err := Rate(easy, &Options{Fields: []string{"nonsense"}}); err == nil {
		t.Fatal("an unknown field must be an error")
	}
	if _, err := Rate(easy, &Options{Alternatives: &no}); err != nil {
		t.Fatal(err)
	}
	_, err := RateMany("x\n", &Options{Fields: []string{"nonsense"}})
	var e *Error
	if !errors.As(err, &e) || !strings.HasPrefix(e.Message, "invalid options") {
		t.Fatalf("RateMany with bad options: %v", err)
	}
}

func TestFastPathErrors(t *testing.T) {
	if _, err := CountSolutions(nil, 2); !errors.Is(err, ErrInvalidPuzzle) {
		t.Fatalf("empty board: %v", err)
	}
	lines := exampleLines(t)
	if _, err := Solve([]byte(lines[6])); !errors.Is(err, ErrNotUnique) {
		t.Fatalf("line 7: %v", err)
	}
	if _, err := Solve([]byte(lines[7])); !errors.Is(err, ErrNoSolution) {
		t.Fatalf("line 8: %v", err)
	}
	if n, err := CountSolutions([]byte(lines[6]), 5); n != 5 || err != nil {
		t.Fatalf("line 7 with limit 5: %d, %v", n, err)
	}
}

func TestErrorKinds(t *testing.T) {
	lines := exampleLines(t)
	for i, want := range map[int]Kind{6: KindNotUnique, 7: KindNoSolution, 8: KindInvalid} {
		_, err := Rate(lines[i], nil)
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("line %d: %v, want an *Error", i+1, err)
		}
		if e.Kind != want {
			t.Fatalf("line %d: %v has kind %q, want %q", i+1, err, e.Kind, want)
		}
	}
	_, err := Rate(lines[0], &Options{Fields: []string{"nonsense"}})
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindInvalid {
		t.Fatalf("bad options: %v", err)
	}
}

// variant is a 4x4 with a thermo, a killer cage, a less-than edge and an arrow; unique.
const variant = `{"format":"sudoku-puzzle","format_version":1,"board":{"rows":4,"cols":4},"digits":4,"givens":[0,0,0,0,0,4,0,0,0,0,0,0,0,0,0,1],"rules":[{"type":"box_grid","origin":"r1c1","box":[2,2]},{"type":"line","kind":"thermo","cells":["r1c1","r1c2","r1c3","r1c4"]},{"type":"cage","cells":["r2c1","r2c2"],"sum":7},{"type":"edge","kind":"less","cells":["r3c2","r3c1"]},{"type":"arrow","bulb":["r3c3"],"lines":[["r3c4","r4c4"]]}]}`

func TestCount(t *testing.T) {
	c, err := Count(variant, &CountOptions{Solution: true})
	if err != nil || c.Count != 1 || c.Solution != "1234341221434321" {
		t.Fatalf("Count(variant) = %+v, %v", c, err)
	}
	loose := strings.Replace(variant, `,{"type":"arrow","bulb":["r3c3"],"lines":[["r3c4","r4c4"]]}`, "", 1)
	if c, err := Count(loose, nil); err != nil || c.Count != 2 || c.Solution != "" {
		t.Fatalf("Count(loose) = %+v, %v", c, err)
	}
	empty25 := strings.Repeat(".", 625)
	_, err = Count(empty25, &CountOptions{Limit: 1000000, MaxSeconds: 0.1})
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindUndecided {
		t.Fatalf("Count(empty 25x25, 0.1 s) = %v", err)
	}
	if _, err := Count("garbage", nil); !errors.As(err, &e) || e.Kind != KindInvalid {
		t.Fatalf("Count(garbage) = %v", err)
	}
	if n, err := CountSolutionsWithin([]byte(empty25), 1000000, 0.1); err != ErrUndecided {
		t.Fatalf("CountSolutionsWithin = %d, %v", n, err)
	}
	if n, err := CountSolutionsWithin([]byte(empty25), 2, 60); err != nil || n != 2 {
		t.Fatalf("CountSolutionsWithin(limit 2) = %d, %v", n, err)
	}
	if _, err := CountSolutionsWithin([]byte(empty25), 2, -1); err != ErrInvalidOptions {
		t.Fatalf("CountSolutionsWithin(-1 s) = %v", err)
	}
}

func TestExplainTeach(t *testing.T) {
	easy := exampleLines(t)[0]
	card, err := Rate(easy, &Options{Fields: []string{"band"}, Explain: []string{"teach"}})
	if err != nil {
		t.Fatal(err)
	}
	steps, _ := card["steps"].([]any)
	if len(steps) == 0 {
		t.Fatalf("no steps: %v", card)
	}
	for _, s := range steps {
		e, _ := s.(map[string]any)["explanation"].(map[string]any)
		if text, _ := e["teach"].(string); !strings.Contains(text, "So ") {
			t.Fatalf("step without a teach text: %v", s)
		}
	}
}

func TestShorthands(t *testing.T) {
	easy := exampleLines(t)[0]
	card, err := Rate(easy, &Options{Fields: []string{"band"}, Steps: true, SE: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := card["se"]; !ok {
		t.Fatalf("SE: no se field: %v", card)
	}
	steps, _ := card["steps"].([]any)
	if len(steps) == 0 {
		t.Fatalf("Steps: no steps: %v", card)
	}
	e, _ := steps[0].(map[string]any)["explanation"].(map[string]any)
	for _, level := range []string{"notation", "short", "teach"} {
		if _, ok := e[level]; !ok {
			t.Fatalf("Steps: level %s missing: %v", level, steps[0])
		}
	}
}

func TestNotUniqueNamesTwoSolutions(t *testing.T) {
	_, err := Rate(exampleLines(t)[6], nil)
	var e *Error
	if !errors.As(err, &e) || len(e.Solutions) != 2 || e.Solutions[0] == e.Solutions[1] {
		t.Fatalf("not unique without two solutions: %v", err)
	}
}
