/* Shared by the pencilmark C examples: reading a file line by line in plain C99, and the ABI check. */
#ifndef PENCILMARK_EXAMPLE_COMMON_H
#define PENCILMARK_EXAMPLE_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pencilmark.h"

/* Exits unless the loaded library speaks the ABI this program was compiled against. */
static void require_abi(void) {
    uint32_t abi = pm_abi_version();
    if (abi != PENCILMARK_ABI_VERSION) {
        fprintf(stderr, "libpencilmark has ABI %lu, this program was built for %lu\n",
                (unsigned long)abi, (unsigned long)PENCILMARK_ABI_VERSION);
        exit(1);
    }
}

/* Reads one line of any length into *buf (grown with realloc), without the "\n" or "\r\n".
 * Returns 1 for a line, 0 at the end of the file, -1 when out of memory. */
static int read_line(FILE *f, char **buf, size_t *cap) {
    size_t len = 0;
    int c;
    if (*buf == NULL) {
        *cap = 128;
        *buf = malloc(*cap);
        if (*buf == NULL) {
            return -1;
        }
    }
    while ((c = fgetc(f)) != EOF && c != '\n') {
        if (len + 1 >= *cap) {
            char *bigger = realloc(*buf, *cap * 2);
            if (bigger == NULL) {
                return -1;
            }
            *buf = bigger;
            *cap *= 2;
        }
        (*buf)[len++] = (char)c;
    }
    if (c == EOF && len == 0) {
        return 0;
    }
    if (len > 0 && (*buf)[len - 1] == '\r') {
        len--;
    }
    (*buf)[len] = '\0';
    return 1;
}

/* Whether a line holds a puzzle: not blank and not a '#' comment. */
static int is_puzzle_line(const char *line) {
    while (*line == ' ' || *line == '\t') {
        line++;
    }
    return *line != '\0' && *line != '#';
}

#endif
