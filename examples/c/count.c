/* count: for each puzzle line of a file, prints the pm_count_solutions result (limit 10) and the
 * pm_solve result with the solution, or the status text of a failure.
 *
 *   tools/install-c.sh "$HOME/.local"          (see examples/c/README.md)
 *   export PKG_CONFIG_PATH="$HOME/.local/lib/pkgconfig"
 *   cc -std=c99 examples/c/count.c $(pkg-config --cflags --libs pencilmark) -Wl,-rpath,"$HOME/.local/lib" -o count
 *   ./count data/examples/classic.txt
 */
#include "common.h"

/* The one-line symbol of a cell value 1..=25. */
static char symbol(uint8_t v) {
    return v <= 9 ? (char)('0' + v) : (char)('A' + (v - 10));
}

int main(int argc, char **argv) {
    FILE *f;
    char *line = NULL;
    size_t cap = 0;
    int got;
    unsigned long number = 0;
    /* The largest board the fast paths take is 25x25; the solution fits on the stack. */
    uint8_t solution[625];
    char text[626];

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    require_abi();
    f = fopen(argv[1], "r");
    if (f == NULL) {
        perror(argv[1]);
        return 2;
    }
    while ((got = read_line(f, &line, &cap)) == 1) {
        size_t len = strlen(line);
        int32_t count;
        int32_t solved;
        number++;
        if (!is_puzzle_line(line)) {
            continue;
        }
        /* The one-line symbols ('.', '0'-'9', 'A'...) are valid cells as they are. */
        count = pm_count_solutions((const uint8_t *)line, len, 10);
        if (count >= 0) {
            printf("line %lu: count %ld", number, (long)count);
        } else {
            printf("line %lu: count error %ld (%s)", number, (long)count, pm_status_str(count));
        }
        solved = pm_solve((const uint8_t *)line, len, solution, sizeof solution);
        if (solved == 1) {
            size_t i;
            for (i = 0; i < len; i++) {
                text[i] = symbol(solution[i]);
            }
            text[len] = '\0';
            printf(", solve 1: %s\n", text);
        } else if (solved >= 0) {
            printf(", solve %ld: %s\n", (long)solved, solved == 0 ? "no solution" : "not unique");
        } else {
            printf(", solve error %ld (%s)\n", (long)solved, pm_status_str(solved));
        }
    }
    free(line);
    fclose(f);
    if (got < 0) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    /* NULL is checked even for an empty array. */
    if (pm_count_solutions(NULL, 0, 2) != PM_STATUS_NULL_ARGUMENT) {
        fprintf(stderr, "pm_count_solutions(NULL) did not report PM_STATUS_NULL_ARGUMENT\n");
        return 1;
    }
    return 0;
}
