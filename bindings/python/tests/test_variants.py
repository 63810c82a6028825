"""Variants through the Python module (geometry= and alphabet= on solve,
count, check and generate; parse_geometry) against ground truth written here: the
rules of each geometry checked on every solution, grids with one hole per
row (exactly one solution), the classic puzzle under x (one solution when
its unique classic solution keeps the diagonals, else none), and errors as
sudokit.Error with the library's message."""

import pytest

import sudokit

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
DIGITS = "123456789ABCDEFGHIJKLMNOP"
JIGSAW6 = "AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE"


def houses(n, region, x=False):
    hs = [[r * n + c for c in range(n)] for r in range(n)]
    hs += [[r * n + c for r in range(n)] for c in range(n)]
    for k in sorted(set(region)):
        hs.append([i for i in range(n * n) if region[i] == k])
    if x:
        hs.append([i * n + i for i in range(n)])
        hs.append([i * n + n - 1 - i for i in range(n)])
    return hs


def boxes(n, rows, cols):
    return [(i // n // rows) * (n // cols) + (i % n) // cols for i in range(n * n)]


def follows(grid, n, region, x=False, puzzle=None):
    if len(grid) != n * n:
        return False
    if puzzle and any(p != "." and p != g for p, g in zip(puzzle, grid)):
        return False
    return all(sorted(grid[i] for i in h) == sorted(DIGITS[:n]) for h in houses(n, region, x))


CASES = [
    ("4x4", 4, boxes(4, 2, 2), False),
    ("6x6", 6, boxes(6, 2, 3), False),
    ("6x6:3x2", 6, boxes(6, 3, 2), False),
    ("16x16", 16, boxes(16, 4, 4), False),
    ("x", 9, boxes(9, 3, 3), True),
    ("jigsaw:" + JIGSAW6, 6, list(JIGSAW6), False),
]


@pytest.mark.parametrize("spelling,n,region,x", CASES)
def test_solve_and_count_follow_the_rules(spelling, n, region, x):
    empty = "." * (n * n)
    assert sudokit.count(empty, geometry=spelling) == 2
    full = first_grid(spelling, n)
    assert follows(full, n, region, x)
    puzzle = list(full)
    for r in range(n):
        puzzle[r * n + (r * 5 + 3) % n] = "."
    puzzle = "".join(puzzle)
    assert sudokit.count(puzzle, geometry=spelling) == 1
    assert sudokit.solve(puzzle, geometry=spelling) == full
    assert sudokit.check(full, geometry=spelling) == []
    swapped = full[1] + full[0] + full[2:]  # two cells of a row exchanged: their columns clash
    assert {0, 1} <= set(sudokit.check(swapped, geometry=spelling))
    assert sudokit.solve(swapped, geometry=spelling) is None and sudokit.count(swapped, geometry=spelling) == 0


def first_grid(spelling, n):
    """A full grid of the geometry: the first solution of the empty grid
    (the module's own call under solve(), which keeps the first of several)."""
    count, grid = sudokit._sudokit.solve_geometry("." * (n * n), 1, spelling, "digits")
    assert count == 1
    return grid


def test_x_of_a_unique_classic_puzzle():
    s = sudokit.solve(HARD)
    keeps = follows(s, 9, boxes(9, 3, 3), True)
    assert sudokit.count(HARD, geometry="x") == (1 if keeps else 0)
    assert sudokit.count(HARD, geometry="classic") == 1
    assert sudokit.solve(HARD, geometry="classic") == s


def test_alphabets_read_and_write_the_same_digits():
    full = first_grid("16x16", 16)
    puzzle = "".join("." if i % 17 == 0 else c for i, c in enumerate(full))
    for alphabet, chars in (("letters", "ABCDEFGHIJKLMNOP"), ("hex", "0123456789ABCDEF")):
        table = str.maketrans(DIGITS[:16], chars)
        assert sudokit.solve(puzzle.translate(table).lower(), geometry="16x16", alphabet=alphabet) == full.translate(table)
    with pytest.raises(sudokit.Error, match="alphabet: unknown 'roman'"):
        sudokit.solve(puzzle, geometry="16x16", alphabet="roman")


def test_check_names_the_cells_of_the_diagonal():
    p = "5" + "." * 79 + "5"
    assert sudokit.check(p, geometry="x") == [0, 80]
    assert sudokit.check(p) == []


def test_parse_geometry_and_errors():
    assert sudokit.parse_geometry("Windows,X") == ("x,windows", 9)
    assert sudokit.parse_geometry("16x16") == ("16x16", 16)
    assert sudokit.parse_geometry("9x9") == ("classic", 9)
    with pytest.raises(sudokit.Error) as e:
        sudokit.parse_geometry("x,wndows")
    assert str(e.value).startswith('geometry:3: unknown rule "wndows"')
    assert isinstance(e.value, ValueError)
    with pytest.raises(sudokit.Error, match=r'^geometry:5: "windows" is defined on 9x9 only'):
        sudokit.count("." * 36, geometry="6x6,windows")
    with pytest.raises(sudokit.Error, match=r"^puzzle: cells: 81 characters \(expected 36"):
        sudokit.solve(HARD, geometry="6x6")
    with pytest.raises(sudokit.Error, match=r"^puzzle: cells:2: '7' is no digit of 6x6"):
        sudokit.check("17" + "." * 34, geometry="6x6")


@pytest.mark.parametrize("spelling,n", [("x", 9), ("6x6", 6), ("16x16", 16)])
def test_canonical_and_global_id_are_the_same_for_an_isomorph(spelling, n):
    full = first_grid(spelling, n)
    puzzle = "".join("." if i % 3 == 0 else c for i, c in enumerate(full))
    digits = DIGITS[:n]
    table = str.maketrans(digits, digits[1:] + digits[0])  # every digit relabelled: a symmetry of each
    rows = [puzzle[r * n:(r + 1) * n] for r in range(n)]
    if spelling == "x":
        iso = "".join(rows[c][r] for r in range(n) for c in range(n))  # transposed: keeps both diagonals
    elif spelling == "6x6":
        iso = "".join([rows[1], rows[0]] + rows[2:])  # the rows of a band swapped
    else:
        iso = "".join(rows[4:] + rows[:4])  # the first band moved last
    iso = iso.translate(table)
    assert iso != puzzle
    assert sudokit.canonical(iso, geometry=spelling) == sudokit.canonical(puzzle, geometry=spelling)
    gid = sudokit.global_id(puzzle, geometry=spelling)
    assert gid == sudokit.global_id(iso, geometry=spelling) and gid.startswith("v") and len(gid) == 17
    fewer = puzzle.replace(next(c for c in puzzle if c != "."), ".", 1)
    assert sudokit.global_id(fewer, geometry=spelling) != gid


def test_canonical_of_the_classic_is_unchanged():
    assert sudokit.canonical(HARD, geometry="classic") == sudokit.canonical(HARD)
    assert len(sudokit.global_id(HARD)) == 16


def count_by_houses(puzzle, n, hs, limit=2):
    """The test's own counter: plain backtracking over the houses written
    above (no library code), the fewest-candidates cell first, candidates
    as bit sets; up to `limit` solutions."""
    cells = [0 if ch == "." else DIGITS.index(ch) + 1 for ch in puzzle]
    peers = [set() for _ in cells]
    for h in hs:
        for a in h:
            peers[a].update(b for b in h if b != a)
    peers = [tuple(p) for p in peers]
    if any(cells[a] and cells[a] == cells[b] for a in range(len(cells)) for b in peers[a]):
        return 0
    full = (1 << (n + 1)) - 2
    found = 0

    def search():
        nonlocal found
        best, best_free, best_count = -1, 0, n + 1
        for c, d in enumerate(cells):
            if d:
                continue
            used = 0
            for p in peers[c]:
                used |= 1 << cells[p]
            free = full & ~used
            k = bin(free).count("1")
            if k < best_count:
                best, best_free, best_count = c, free, k
                if k == 0:
                    return
        if best < 0:
            found += 1
            return
        for x in range(1, n + 1):
            if found >= limit:
                return
            if best_free >> x & 1:
                cells[best] = x
                search()
                cells[best] = 0

    search()
    return found


# The test's counter is plain Python: fast enough for the small sizes; X
# (a 9x9 with about 18 clues) is counted by the library here, and by a
# counter of its own in the C API's tests (tests/capi/geometry_test.cpp).
GENERATE_CASES = [
    ("X", "x", 9, boxes(9, 3, 3), True, False),
    ("6x6", "6x6", 6, boxes(6, 2, 3), False, True),
    ("4x4", "4x4", 4, boxes(4, 2, 2), False, True),
    ("jigsaw:" + JIGSAW6, "jigsaw:" + JIGSAW6, 6, list(JIGSAW6), False, True),
]


@pytest.mark.parametrize("spelling,canonical,n,region,x,own_count", GENERATE_CASES)
def test_generate_a_variant_unique_minimal_and_unrated(spelling, canonical, n, region, x, own_count):
    hs = houses(n, region, x)

    def count(p):
        return count_by_houses(p, n, hs) if own_count else sudokit.count(p, geometry=spelling)

    made = list(sudokit.generate(count=4, seed=47, geometry=spelling))
    assert [p.index for p in made] == [0, 1, 2, 3]
    for p in made:
        assert p.geometry == canonical and p.status == "unrated (variant)"
        assert not p.graded and p.er is None and p.level is None
        assert len(p.puzzle) == n * n and follows(p.solution, n, region, x, puzzle=p.puzzle)
        assert p.clues == sum(ch != "." for ch in p.puzzle)
        assert count(p.puzzle) == 1
        for i, ch in enumerate(p.puzzle):  # minimal: every clue is needed
            if ch != ".":
                assert count(p.puzzle[:i] + "." + p.puzzle[i + 1:]) == 2


def test_generate_a_variant_repeats_its_seed_on_any_thread_count_in_any_alphabet():
    one = [(p.puzzle, p.solution) for p in sudokit.generate(count=5, seed=11, geometry="16x16", clues=160)]
    three = [(p.puzzle, p.solution) for p in sudokit.generate(count=5, seed=11, geometry="16x16", clues=160,
                                                              threads=3)]
    assert one == three and len(set(one)) == 5
    table = str.maketrans(DIGITS[:16], "ABCDEFGHIJKLMNOP")
    letters = [(p.puzzle, p.solution) for p in sudokit.generate(count=5, seed=11, geometry="16x16", clues=160,
                                                                alphabet="letters")]
    assert letters == [(a.translate(table), b.translate(table)) for a, b in one]
    for puzzle, solution in one:
        assert sum(ch != "." for ch in puzzle) == 160
        assert follows(solution, 16, boxes(16, 4, 4), puzzle=puzzle)
        assert sudokit.count(puzzle, geometry="16x16") == 1
    classic = next(sudokit.generate(count=1, seed=3, geometry="classic"))
    assert classic.geometry == "classic" and classic.status is None
    assert classic.puzzle == next(sudokit.generate(count=1, seed=3)).puzzle


@pytest.mark.parametrize("keyword,value", [
    ("grade", True), ("level", "hard"), ("min_rating", 3.0), ("max_rating", 5.0),
    ("require_technique", "x-wing"), ("hardest_technique", "x-wing"), ("search", 4), ("strategy", "dig"),
])
def test_generate_a_variant_refuses_rating_options_by_keyword(keyword, value):
    with pytest.raises(sudokit.Error) as e:
        next(sudokit.generate(count=1, seed=1, geometry="x", **{keyword: value}))
    assert e.value.option == keyword
    assert str(e.value).startswith(keyword) and "unrated (variant)" in str(e.value)


def test_generate_names_a_bad_geometry_and_alphabet():
    with pytest.raises(sudokit.Error) as e:
        next(sudokit.generate(count=1, geometry="x,wndows"))
    assert str(e.value).startswith('geometry:3: unknown rule "wndows"') and e.value.option == "geometry"
    with pytest.raises(sudokit.Error, match="has no valid grid") as e:
        next(sudokit.generate(count=1, geometry="4x4,anti-king"))
    assert e.value.option == "geometry"
    with pytest.raises(sudokit.Error, match="^alphabet: unknown 'roman'") as e:
        next(sudokit.generate(count=1, geometry="x", alphabet="roman"))
    assert e.value.option == "alphabet"
    with pytest.raises(sudokit.Error, match="^alphabet: ") as e:
        next(sudokit.generate(count=1, geometry="25x25", alphabet="hex"))
    assert e.value.option == "alphabet"
    with pytest.raises(sudokit.Error, match="clues must be 1 to 35 for 6x6") as e:
        next(sudokit.generate(count=1, geometry="6x6", clues=40))
    assert e.value.option == "clues"


def test_a_geometry_with_no_valid_grid_is_refused_by_every_call():
    # anti-king on 4x4: a 2x2 box is four mutual kings, so no grid exists;
    # load_geometry's message, not 0 solutions.
    empty = "." * 16
    for call in (lambda: sudokit.solve(empty, geometry="anti-king,4x4"),
                 lambda: sudokit.count(empty, geometry="anti-king,4x4"),
                 lambda: sudokit.check(empty, geometry="anti-king,4x4"),
                 lambda: sudokit.canonical(empty, geometry="anti-king,4x4")):
        with pytest.raises(sudokit.Error) as e:
            call()
        assert str(e.value) == "geometry: 4x4,anti-king has no valid grid"
        assert e.value.option == "geometry"
    with pytest.raises(sudokit.Error, match="^geometry: 4x4,anti-king has no valid grid$"):
        sudokit.parse_geometry("anti-king,4x4")
