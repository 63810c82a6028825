"""The Python module against ground truth: solutions against the rules,
ratings against Sukaku Explainer's (the calibration sets in data/), hints
against the known solution, generated puzzles against the `sudokit` command
run with the same options, errors as sudokit.Error with the library's
message, and grading from several threads at once."""

import json
import os
import subprocess
import threading

import pytest

import sudokit

DATA = os.environ.get("SUDOKIT_DATA_DIR", os.path.join(os.path.dirname(__file__), "../../../data"))
CLI = os.environ.get("SUDOKIT_CLI", "sudokit")
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def rows(name, n):
    with open(os.path.join(DATA, name)) as f:
        header = f.readline().rstrip("\n").split("\t")
        out = []
        for line in f:
            out.append(dict(zip(header, line.rstrip("\n").split("\t"))))
            if len(out) == n:
                break
        return out


def valid_solution(puzzle, solution):
    assert len(solution) == 81 and set(solution) <= set("123456789")
    for i, c in enumerate(puzzle):
        if c not in ".0":
            assert solution[i] == c
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
    for u in units:
        assert sorted(solution[i] for i in u) == list("123456789")
    return True


def test_solve_count_canonical():
    s = sudokit.solve(HARD)
    assert valid_solution(HARD, s)
    assert sudokit.count(HARD) == 1
    two = "." * 81
    assert sudokit.count(two) == 2 and sudokit.solve(two) is None
    assert sudokit.count(two, limit=5) == 5
    bad = "11" + "." * 79
    assert sudokit.count(bad) == 0 and sudokit.solve(bad) is None
    # The canonical form is the same for an isomorph: digits relabelled and
    # the grid transposed.
    relabel = str.maketrans("123456789", "912345678")
    transposed = "".join(HARD[c * 9 + r] for r in range(9) for c in range(9)).translate(relabel)
    assert sudokit.canonical(transposed) == sudokit.canonical(HARD)
    assert sudokit.canonical(HARD) != sudokit.canonical(s[:40] + "." * 41)


def test_errors_are_sudokit_errors_with_the_message():
    with pytest.raises(sudokit.Error, match="81") as e:
        sudokit.solve("123")
    assert isinstance(e.value, ValueError)
    assert e.value.option is None  # not an option's fault
    with pytest.raises(sudokit.Error, match="x"):
        sudokit.canonical("x" * 81)
    with pytest.raises(sudokit.Error, match="reveal"):
        sudokit.hint(HARD, reveal="everything")
    with pytest.raises(sudokit.Error, match="r1c1"):
        sudokit.hint(givens=HARD, entries="5" + HARD[1:])  # an entry on a given
    with pytest.raises(sudokit.Error, match="level"):
        list(sudokit.generate(count=1, level="impossible"))
    with pytest.raises(sudokit.Error, match="count"):
        list(sudokit.generate(count=0))
    with pytest.raises(TypeError):
        sudokit.generate(colour="red")


# Every keyword of generate(), grade() and hint() with a bad value: the
# message names the keyword as the caller wrote it, never a command-line
# --flag or a C field that the keyword does not match.
BAD_KEYWORDS = [
    ("generate", dict(count=0), "count", "count must be from 1 to 1000000000000"),
    ("generate", dict(threads=0), "threads", "threads must be at least 1"),
    ("generate", dict(threads=300), "threads", "threads must be from 1 to 256"),
    # Out of the C field's range: the library's message, not pybind's conversion error.
    ("generate", dict(threads=-1), "threads", "threads must be from 1 to 256"),
    ("generate", dict(threads=2**40), "threads", "threads must be from 1 to 256"),
    ("generate", dict(count=-3), "count", "count must be from 1 to 1000000000000"),
    ("generate", dict(max_attempts=-1), "max_attempts", "max_attempts must be from 1 to 1000000"),
    ("generate", dict(search=-2**40), "search", "search must be from 0 to 1000000"),
    ("generate", dict(clues=2**40), "clues", "clues must be 17 to 80"),
    ("generate", dict(method="magic"), "method", "unknown method 'magic'"),
    ("generate", dict(base="123"), "base", "base must be a complete valid grid"),
    ("generate", dict(symmetry="spiral"), "symmetry", "unknown symmetry 'spiral'"),
    ("generate", dict(clues=5), "clues", "clues must be 17 to 80"),
    ("generate", dict(clues=30, minimal=True), "minimal", "clues and minimal exclude each other"),
    ("generate", dict(pattern="x" * 16 + "." * 65), "pattern", "pattern: 16 clues"),
    ("generate", dict(dig_order="inside-out"), "dig_order", "unknown dig_order 'inside-out'"),
    ("generate", dict(max_attempts=2000000), "max_attempts", "max_attempts must be from 1 to 1000000"),
    ("generate", dict(time_limit=-5.0), "time_limit", "time_limit must be from 0 (no limit)"),
    ("generate", dict(level="expret"), "level", "unknown level 'expret' (expected easy, medium, hard"),
    ("generate", dict(levels="easy"), "levels", "levels: "),
    ("generate", dict(min_rating=25.0), "min_rating", "min_rating must be from 0 to 20"),
    ("generate", dict(max_rating=-2.0), "max_rating", "max_rating must be from 1 to 20"),
    ("generate", dict(max_rating=0.5), "max_rating", "max_rating must be from 1 to 20"),
    ("generate", dict(require_technique="bogus"), "require_technique", "require_technique: unknown technique 'bogus'"),
    ("generate", dict(hardest_technique="bogus"), "hardest_technique", "hardest_technique: unknown technique"),
    ("generate", dict(search=4), "search",
     "search needs a target (min_rating, max_rating, level, require_technique or hardest_technique)"),
    ("generate", dict(search=-5), "search", "search must be from 0 to 1000000"),
    ("generate", dict(search_keep=0), "search_keep", "search_keep must be from 1 to 1000"),
    ("generate", dict(strategy="hill"), "strategy", "unknown strategy 'hill'"),
    ("grade", dict(time_limit=-1.0), "time_limit", "time_limit must be from 0"),
    ("grade", dict(max_steps=0), "max_steps", "max_steps must be from 1 to 1000000"),
    ("grade", dict(levels="easy"), "levels", "levels: "),
    ("hint", dict(reveal="areaa"), "reveal", "unknown 'areaa' (expected area, technique or step)"),
    ("hint", dict(time_limit=1e9), "time_limit", "time_limit must be from 0"),
]


@pytest.mark.parametrize("call,kw,keyword,words", BAD_KEYWORDS, ids=[f"{c[0]}-{c[2]}" for c in BAD_KEYWORDS])
def test_a_bad_keyword_is_named_as_the_caller_wrote_it(call, kw, keyword, words):
    with pytest.raises(sudokit.Error) as e:
        if call == "generate":
            list(sudokit.generate(count=kw.pop("count", 1), seed=1, **kw))
        elif call == "grade":
            sudokit.grade(HARD, **kw)
        else:
            sudokit.hint(HARD, **kw)
    message = str(e.value)
    assert words in message
    assert keyword in message
    # The keyword at fault, by itself (sudokit_last_error_option); of clues
    # and minimal, which exclude each other, the library blames clues.
    assert e.value.option == {"minimal": "clues"}.get(keyword, keyword)
    assert "--" not in message
    assert "required_techniques" not in message


def test_the_defaults_are_the_librarys():
    assert sudokit.grade.__kwdefaults__["max_steps"] == 2000
    assert sudokit.hint.__kwdefaults__["time_limit"] == 10.0


def test_grades_agree_with_sukaku_explainer_on_the_calibration_set():
    sample = rows("se_rated_calibration.tsv", 2000)[::20]
    assert len(sample) == 100
    for r in sample:
        g = sudokit.grade(r["puzzle"])
        assert g.rated, (r["puzzle"], g.status, g.message)
        assert (g.er, g.ep, g.ed) == (float(r["se_er"]), float(r["se_ep"]), float(r["se_ed"])), r["puzzle"]
        assert valid_solution(r["puzzle"], g.solution)
        assert g.level
        assert g.hardest in dict(sudokit.techniques()) and g.hardest_name  # key and SE's name, as the record format
        assert sum(n for _, n in g.histogram) == g.step_count


def test_grades_pencil_mark_positions_like_sukaku_explainer():
    for r in rows("se_rated_pencilmarks.tsv", 60)[::3]:
        g = sudokit.grade(r["state"])
        assert (g.er, g.ep, g.ed) == (float(r["se_er"]), float(r["se_ep"]), float(r["se_ed"])), r["state"]


def test_steps_lead_to_the_solution():
    g = sudokit.grade(HARD, steps=True)
    assert g.rated and len(g.steps) == g.step_count
    solution = g.solution
    board = list(HARD)
    for st in g.steps:
        assert st.text and st.name and st.technique in dict(sudokit.techniques())
        assert 1.0 <= st.rating <= g.er
        for c in st.eliminations:
            assert solution[c.cell] != str(c.digit), (st.text, c)  # never removes the solution digit
        if st.placement is not None:
            cell, digit = st.placement
            assert solution[cell] == str(digit), st.text
            board[cell] = str(digit)
    assert max(st.rating for st in g.steps) == g.er
    assert "".join(board) == solution
    assert sudokit.grade("11" + "." * 79).status == "invalid-givens"
    assert sudokit.grade("." * 81).status == "multiple-solutions"


def test_hint_matches_the_command_and_finds_mistakes_first():
    h = sudokit.hint(givens=HARD)
    assert h.status == "hint" and h.step is not None
    cli = subprocess.run([CLI, "hint", "--format", "json"], input=HARD + "\n", capture_output=True, text=True,
                         check=True)
    j = json.loads(cli.stdout)
    assert j["status"] == "hint"
    assert j["step"]["text"] == h.step.text
    assert j["technique"]["key"] == h.technique
    assert h.drawing is not None and (h.drawing.placed or h.drawing.eliminated)
    # The area alone reveals no technique and no step.
    a = sudokit.hint(HARD, reveal="area")
    assert a.technique is None and a.step is None and (a.area_houses or a.area_cells)
    # A wrong entry is reported before any hint.
    solution = sudokit.solve(HARD)

    def peers(c):
        return [p for p in range(81) if p != c and (p // 9 == c // 9 or p % 9 == c % 9 or
                                                    (p // 27 == c // 27 and p % 9 // 3 == c % 9 // 3))]

    # A wrong digit no given contradicts (else the position is invalid, not a mistake).
    cell, wrong = next((c, d) for c in range(81) if HARD[c] == "." for d in "123456789"
                       if d != solution[c] and all(HARD[p] != d for p in peers(c)))
    entries = "." * cell + wrong + "." * (80 - cell)
    m = sudokit.hint(givens=HARD, entries=entries)
    assert m.status == "mistakes" and m.step is None
    assert [(x.kind, x.cell, x.digit, x.solution_digit) for x in m.mistakes] == [
        ("wrong-entry", cell, int(wrong), int(solution[cell]))]
    # Following the hints solves the puzzle.
    entries = ["."] * 81
    for _ in range(200):
        h = sudokit.hint(givens=HARD, entries="".join(entries))
        if h.status == "solved":
            break
        assert h.status == "hint", h.message
        if h.step.placement is not None:
            cell, digit = h.step.placement
            assert solution[cell] == str(digit)
            entries[cell] = str(digit)
        else:
            break  # an elimination: entries alone cannot record it
    assert h.status in ("solved", "hint")


STRAY = "9.5...2..7....9......74...16....2.5.....9.6....85.......1...9...2..1..7..9...85.6"


def peers_of(c):
    return [p for p in range(81) if p != c and (p // 9 == c // 9 or p % 9 == c % 9 or
                                                (p // 27 == c // 27 and p % 9 // 3 == c % 9 // 3))]


def basic_marks(givens, extra=None, filled=""):
    """Every empty cell's candidates as the givens leave them, `filled` on the
    givens' cells, and the digits of `extra` ({cell: digits}) added."""
    cells = []
    for c in range(81):
        if givens[c] != ".":
            cells.append(filled)
            continue
        seen = {givens[p] for p in peers_of(c)}
        digits = {d for d in "123456789" if d not in seen} | set((extra or {}).get(c, ""))
        cells.append("".join(d if d in digits else "." for d in "123456789"))
    return "".join(cell if len(cell) == 9 else "".join(d if d in cell else "." for d in "123456789")
                   for cell in cells)


def test_hint_removes_marks_a_placed_digit_rules_out_first():
    # Issue #45: a stray 9 in r1c2, whose box holds the given 9 of r1c1, was
    # taken as a candidate: "r1c2=9 hidden single in box 1" (the solution has 8).
    marks = basic_marks(STRAY, {1: "9"})
    h = sudokit.hint(givens=STRAY, marks=marks)
    assert h.status == "hint", h.message
    assert h.technique == "basic-elimination" and h.technique_name == "Basic Elimination" and h.rating == 0
    assert h.step.placement is None
    assert [(e.cell, e.digit) for e in h.step.eliminations] == [(1, 9)]
    # The peer that rules the mark out: named in the text, drawn as a weak link.
    assert h.step.text == "r1c2<>9 basic elimination: r1c1 is 9"
    assert [(l.from_.cell, l.from_.digit, l.from_on, l.to.cell, l.to.digit, l.to_on, l.kind)
            for l in h.drawing.links] == [(0, 9, True, 1, 9, False, "weak")]
    cli = subprocess.run([CLI, "hint", "--format", "json"], input=STRAY + " " + marks + "\n", capture_output=True,
                         text=True, check=True)
    assert '"cell":"r1c2","digit":9}],"text":"r1c2=9' not in cli.stdout
    assert json.loads(cli.stdout)["step"]["text"] == h.step.text
    # Marks never narrowed: the basic elimination first, not a search until the time limit.
    n = sudokit.hint(givens=STRAY, marks="123456789" * 81)
    assert n.status == "hint" and n.technique == "basic-elimination"
    # Following the hints as an app that leaves its marks as they are never
    # goes against the solution; the givens' cells carry no marks.
    solution = sudokit.solve(STRAY)
    entries = ["."] * 81
    cells = [set(marks[c * 9:c * 9 + 9]) - {"."} for c in range(81)]
    for _ in range(40):
        pm = "".join("".join(d if d in cells[c] else "." for d in "123456789") for c in range(81))
        h = sudokit.hint(givens=STRAY, entries="".join(entries), marks=pm)
        if h.status == "solved":
            break
        assert h.status == "hint", h.message
        if h.step.placement is not None:
            cell, digit = h.step.placement.cell, h.step.placement.digit
            assert solution[cell] == str(digit)
            entries[cell] = str(digit)
            cells[cell] = set()
        for e in h.step.eliminations:
            assert solution[e.cell] != str(e.digit)
            cells[e.cell].discard(str(e.digit))


def test_clashing_entries_are_mistakes():
    entries = "." + "4" + "." * 79  # r1c1 is a given 4
    m = sudokit.hint(givens=HARD, entries=entries)
    assert m.status == "mistakes"
    assert [(x.kind, x.cell, x.digit) for x in m.mistakes] == [("wrong-entry", 1, 4)]


@pytest.mark.parametrize("options,args", [
    (dict(count=5, seed=11), ["--count", "5", "--seed", "11"]),
    (dict(count=4, seed=3, symmetry="rot180", level="easy"),
     ["--count", "4", "--seed", "3", "--symmetry", "rot180", "--level", "easy"]),
    (dict(count=3, seed=5, min_rating=3.0, max_rating=4.5, threads=2),
     ["--count", "3", "--seed", "5", "--min-rating", "3.0", "--max-rating", "4.5", "--threads", "2"]),
    (dict(count=3, seed=5, min_rating=4.0, strategy="climb", search=10, threads=2),
     ["--count", "3", "--seed", "5", "--min-rating", "4.0", "--strategy", "climb", "--search", "10", "--threads", "2"]),
])
def test_generate_gives_the_commands_puzzles(options, args):
    mine = list(sudokit.generate(**options))
    cli = subprocess.run([CLI, "generate", *args], capture_output=True, text=True, check=True)
    theirs = [line.split()[0] for line in cli.stdout.splitlines() if line.strip()]
    assert [p.puzzle for p in mine] == theirs
    for p in mine:
        assert sudokit.count(p.puzzle) == 1
        assert valid_solution(p.puzzle, p.solution)
        if "level" in options or "min_rating" in options:
            assert p.graded and p.er == sudokit.grade(p.puzzle).er
    if "level" in options:
        assert {p.level for p in mine} == {"easy"}


def test_generate_can_stop_early():
    with sudokit.generate(count=1000000, seed=2) as it:
        first = [next(it) for _ in range(3)]
    assert [p.index for p in first] == [0, 1, 2]
    it = sudokit.generate(count=2, seed=2)
    assert [p.puzzle for p in it] == [p.puzzle for p in first[:2]]
    assert it.report.accepted == 2 and it.report.complete


def test_threads_grade_in_parallel_and_agree():
    sample = [r["puzzle"] for r in rows("se_rated_calibration.tsv", 400)[::10]]
    expected = [sudokit.grade(p).er for p in sample]
    results = {}

    def work(k):
        results[k] = [sudokit.grade(p).er for p in sample]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results[k] == expected for k in range(4))


def test_reader_reports_errors_with_line_and_keeps_going():
    text = HARD + "\n" + "12x\n" + HARD.replace(".", "0") + " 7.1\n"
    records, errors = sudokit.read(text, source="in.txt")
    assert [r.line for r in records] == [1, 3]
    assert records[1].fields == "7.1"
    assert len(errors) == 1 and errors[0].startswith("in.txt:2:")


def test_a_chain_hint_draws_its_links():
    # The calibration puzzle at data row 1,500 on, just before its first chain
    # step (the position tests/capi/hint_test.cpp uses, as fields).
    import re
    src = open(os.path.join(os.path.dirname(__file__), "../../../tests/capi/hint_test.cpp")).read()
    givens = re.search(r'kChainGivens = "([^"]+)"', src).group(1)
    entries = re.search(r'kChainEntries = "([^"]+)"', src).group(1)
    marks = "".join(re.findall(r'"([.1-9]{81})"', src.split("kChainMarks =")[1].split(";")[0]))
    h = sudokit.hint(givens=givens, entries=entries, marks=marks)
    assert h.status == "hint" and h.step.chain
    links = h.drawing.links
    assert len(links) > 1
    for link in links:
        assert link.kind in ("strong", "weak")
        if link.kind == "weak":
            assert link.from_on and not link.to_on
        else:
            assert not link.from_on and link.to_on
        assert link.to in (h.drawing.on if link.to_on else h.drawing.off)
