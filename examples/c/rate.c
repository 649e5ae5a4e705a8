/* rate: prints pencilmark's grade card (or its {"error": ...} object) for each puzzle line of a file.
 *
 *   tools/install-c.sh "$HOME/.local"          (see examples/c/README.md)
 *   export PKG_CONFIG_PATH="$HOME/.local/lib/pkgconfig"
 *   cc -std=c99 examples/c/rate.c $(pkg-config --cflags --libs pencilmark) -Wl,-rpath,"$HOME/.local/lib" -o rate
 *   ./rate data/examples/classic.txt ['{"fields": ["band"]}']
 */
#include "common.h"

int main(int argc, char **argv) {
    const char *options;
    FILE *f;
    char *line = NULL;
    size_t cap = 0;
    int got;
    int status = 0;

    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s FILE [OPTIONS_JSON]\n", argv[0]);
        return 2;
    }
    require_abi();
    fprintf(stderr, "%s\n", pm_version());
    options = argc == 3 ? argv[2] : NULL;
    f = fopen(argv[1], "r");
    if (f == NULL) {
        perror(argv[1]);
        return 2;
    }
    while ((got = read_line(f, &line, &cap)) == 1) {
        char *json;
        if (!is_puzzle_line(line)) {
            continue;
        }
        json = pm_rate(line, options);
        if (json == NULL) {
            fprintf(stderr, "pm_rate returned NULL\n");
            status = 1;
            break;
        }
        /* A card always has "format"; a failure is {"error": ...}. Print both as they come. */
        printf("%s\n", json);
        pm_free(json);
    }
    if (got < 0) {
        fprintf(stderr, "out of memory\n");
        status = 1;
    }
    free(line);
    fclose(f);
    return status;
}
