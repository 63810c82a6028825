#!/usr/bin/env python3
"""Writes web/demo/puzzles.js: the demo page's built-in variant puzzles
(X, windoku, jigsaw, 6x6, 16x16), made with sudokit's own Python module
until variant generation lands (issue #47, `vgen`).

For each geometry and seed: the first solution (sudokit's solver) of a
grid with N random digits in random cells (each kept while a solution
remains), then its cells dug in a random order, a clue
removed whenever the puzzle keeps exactly one solution
(sudokit.count(..., geometry=G) == 1), down to a floor of clues for
16x16. Deterministic for the seeds below.

    PYTHONPATH=build/release/bindings/python/package python3 tools/web/variant_puzzles.py >web/demo/puzzles.js
"""

import random
import sys

import sudokit

DIGITS = "123456789ABCDEFGHIJKLMNOP"
JIGSAW = "AAAABBBBBAAACCBBBBAACCCDDDDEECCDDDDFEEECCDGFFEEHHGGGFFEHHHGGGFFEHHIIGGFFHHIIIIIII"
VARIANTS = [
    # (key, label, spelling, clue floor)
    ("x", "X (diagonals)", "x", 0),
    ("windows", "Windoku", "windows", 0),
    ("jigsaw", "Jigsaw", "jigsaw:" + JIGSAW, 0),
    ("6x6", "6x6", "6x6", 0),
    ("16x16", "16x16", "16x16", 120),
]
SEEDS = (1, 2, 3)


def make(spelling, floor, seed):
    spelling, n = sudokit.parse_geometry(spelling)
    rng = random.Random(seed)
    # n random digits in random cells, each kept while a solution remains,
    # so that the first solution is no plain pattern.
    start = ["."] * (n * n)
    for _ in range(n):
        cell, digit = rng.randrange(n * n), DIGITS[rng.randrange(n)]
        keep, start[cell] = start[cell], digit
        if sudokit.count("".join(start), 1, geometry=spelling) != 1:
            start[cell] = keep
    _, grid = sudokit._sudokit.solve_geometry("".join(start), 1, spelling, "digits")
    puzzle = list(grid)
    order = list(range(n * n))
    rng.shuffle(order)
    clues = n * n
    for cell in order:
        if clues <= floor:
            break
        keep = puzzle[cell]
        puzzle[cell] = "."
        if sudokit.count("".join(puzzle), 2, geometry=spelling) == 1:
            clues -= 1
        else:
            puzzle[cell] = keep
    return spelling, "".join(puzzle), grid


def main():
    out = [
        "// The demo page's built-in variant puzzles, written by tools/web/variant_puzzles.py",
        "// (PYTHONPATH=build/release/bindings/python/package python3 tools/web/variant_puzzles.py",
        "// >web/demo/puzzles.js): each a grid solved from a few random digits, dug while unique",
        "// (sudokit.count with the geometry). Do not edit by hand.",
        "export const VARIANTS = [",
    ]
    for key, label, spelling, floor in VARIANTS:
        puzzles = []
        for seed in SEEDS:
            canonical, puzzle, solution = make(spelling, floor, seed)
            puzzles.append(f"      {{ puzzle: '{puzzle}', solution: '{solution}' }},")
        out.append(f"  {{ key: '{key}', label: '{label}', geometry: '{canonical}', puzzles: [")
        out.extend(puzzles)
        out.append("  ] },")
    out.append("];")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
