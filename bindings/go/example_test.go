package pencilmark_test

import (
	"errors"
	"fmt"

	pencilmark "example.invalid/pencilmark/bindings/go"
)

const easy = "...........3..48..81.........1.53...4....86....5..6.13.7..91.3...98...4...4.6...5"

func ExampleRate() {
	card, err := pencilmark.Rate(easy, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(card["format"], card["band"])
	for _, t := range card["contains"].([]any) {
		fmt.Println(t.(map[string]any)["name"])
	}
	// Output:
	// sudoku-grade Very Easy
	// Hidden Single
}

func ExampleRate_fields() {
	card, err := pencilmark.Rate(easy, &pencilmark.Options{Fields: []string{"band"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(card["band"], card["contains"] == nil)
	// Output: Very Easy true
}

func ExampleRate_error() {
	multi := ".....................816.......3......5...1..73..4..869.6...2.484.572.93...4.9..."
	_, err := pencilmark.Rate(multi, nil)
	var e *pencilmark.Error
	if errors.As(err, &e) && e.Kind == pencilmark.KindNotUnique {
		fmt.Println("a program tells it by its kind:", e.Kind)
		fmt.Println("two solutions:", e.Solutions[0][:9], e.Solutions[1][:9], "...")
	}
	// Output:
	// a program tells it by its kind: not_unique
	// two solutions: 584297361 169354728 ...
}

func ExampleRateMany() {
	text := "# two puzzles and a broken line\n" + easy + "\n\n" + easy[1:] + "\n"
	results, err := pencilmark.RateMany(text, &pencilmark.Options{Jobs: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range results {
		if r.Err != nil {
			fmt.Println(r.Err.(*pencilmark.Error).Line, "error")
			continue
		}
		fmt.Println(r.Card["band"])
	}
	// Output:
	// Very Easy
	// 4 error
}

func ExampleCountSolutions() {
	n, err := pencilmark.CountSolutions([]byte(easy), 2)
	fmt.Println(n, err)
	empty4x4 := make([]byte, 16)
	n, err = pencilmark.CountSolutions(empty4x4, 1000)
	fmt.Println(n, err)
	_, err = pencilmark.CountSolutions([]byte(easy[1:]), 2)
	fmt.Println(err)
	// Output:
	// 1 <nil>
	// 288 <nil>
	// pencilmark: the cells do not form a puzzle
}

func ExampleSolve() {
	solution, err := pencilmark.Solve([]byte(easy))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(solution[:9])
	// Output: [7 4 6 5 8 2 3 9 1]
}
