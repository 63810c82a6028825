"""The package's types as an app sees them: mypy --strict (Debian's mypy)
accepts a sample app that uses sudokit as documented and rejects one with
the mistakes the stubs are for (a misspelt `reveal`, a str for an int,
an unrated grade's None used as a number); the stubs agree with the
extension (mypy.stubtest); every field has a docstring, every result a
readable repr, and an unrated grade has None for its ratings and level;
the reader's errors come as the docs say."""

import os
import re
import subprocess
import sys

import pytest

import sudokit

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(sudokit.__file__)))  # the directory holding sudokit/
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
RESULT_TYPES = [sudokit.Candidate, sudokit.Step, sudokit.Grade, sudokit.Mistake, sudokit.Link, sudokit.Drawing,
                sudokit.Hint, sudokit.Puzzle, sudokit.Report, sudokit.Record]


def mypy(*args):
    env = dict(os.environ, MYPYPATH=PACKAGE)
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull,
                           *args], capture_output=True, text=True, env=env, cwd=HERE)


def test_the_package_ships_its_types():
    folder = os.path.dirname(sudokit.__file__)
    assert os.path.isfile(os.path.join(folder, "py.typed"))
    assert os.path.isfile(os.path.join(folder, "_sudokit.pyi"))


def test_mypy_strict_accepts_a_good_app():
    r = mypy(os.path.join("apps", "good_app.py"))
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_strict_rejects_a_bad_app_where_it_is_wrong():
    r = mypy(os.path.join("apps", "bad_app.py"))
    assert r.returncode == 1, r.stdout + r.stderr
    errors = {}
    for line in r.stdout.splitlines():
        m = re.match(r".*bad_app\.py:(\d+): error: (.*)", line)
        if m:
            errors.setdefault(int(m.group(1)), []).append(m.group(2))
    with open(os.path.join(HERE, "apps", "bad_app.py")) as f:
        marked = {i + 1: line.split("# error:")[1].strip() for i, line in enumerate(f) if "# error:" in line}
    assert sorted(errors) == sorted(marked), r.stdout
    for line, what in marked.items():
        assert any(what in e for e in errors[line]), (line, errors[line])
    text = r.stdout
    assert "Literal['areaa']" in text and "Literal['area', 'technique', 'step']" in text, text
    assert 'Argument "limit" to "count" has incompatible type "str"; expected "int"' in text, text


def test_the_stubs_agree_with_the_extension():
    env = dict(os.environ, MYPYPATH=PACKAGE, PYTHONPATH=PACKAGE)
    r = subprocess.run([sys.executable, "-m", "mypy.stubtest", "--concise", "--allowlist",
                        os.path.join(HERE, "stubtest_allowlist.txt"), "sudokit._sudokit"],
                       capture_output=True, text=True, env=env, cwd=HERE)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("cls", RESULT_TYPES, ids=lambda c: c.__name__)
def test_every_field_has_a_docstring_help_shows(cls):
    fields = {k: v for k, v in vars(cls).items() if isinstance(v, property)}
    assert fields
    for name, field in fields.items():
        assert field.__doc__ and field.__doc__.strip(), f"{cls.__name__}.{name}"
        assert field.__doc__.strip() in _help(cls), f"{cls.__name__}.{name}"
    assert cls.__doc__


def _help(cls):
    import pydoc
    return pydoc.render_doc(cls, renderer=pydoc.plaintext)


def test_every_result_has_a_readable_repr():
    g = sudokit.grade(HARD, steps=True)
    h = sudokit.hint(givens=HARD)
    run = sudokit.generate(count=1, seed=1, level="easy")
    p = next(run)
    assert list(run) == []
    records, _ = sudokit.read(HARD + "\n")
    unrated = sudokit.grade("." * 81)
    values = [g, unrated, g.steps[0], h, h.drawing, h.step.eliminations[0] if h.step.eliminations else h.step.placement,
              p, run.report, records[0], run]
    for v in values:
        text = repr(v)
        assert " object at 0x" not in text and text.startswith("<") or re.fullmatch(r"r\dc\d#\d", text), text
    assert repr(g) == f"<Grade rated ER {g.er:.1f} EP {g.ep:.1f} ED {g.ed:.1f} {g.level}, hardest {g.hardest}>"
    assert repr(unrated) == f"<Grade multiple-solutions: {unrated.message}>"
    assert repr(p) == f"<Puzzle 0 {p.puzzle} {p.clues} clues ER {p.er:.1f} easy>"
    assert f"seed {run.report.seed}" in repr(run.report)


def test_an_unrated_grade_has_none_for_its_ratings_and_level():
    for puzzle, status in [("." * 81, "multiple-solutions"), ("11" + "." * 79, "invalid-givens")]:
        g = sudokit.grade(puzzle)
        assert g.status == status and not g.rated
        assert (g.er, g.ep, g.ed, g.level, g.hardest, g.hardest_name) == (None,) * 6, g
    g = sudokit.grade(HARD)
    assert g.rated and isinstance(g.er, float) and g.level and g.hardest_name


def test_reader_errors_come_as_documented():
    # SOURCE:LINE: for a fault of the whole line, SOURCE:LINE:COLUMN: for one
    # character (docs/PYTHON.md, read()'s docstring).
    bad_character = HARD[:5] + "x" + HARD[6:]
    records, errors = sudokit.read(bad_character + "\n12x\n" + HARD + "\n")
    assert [r.line for r in records] == [3]
    assert errors[0].startswith("<text>:1:6: ") and "'x'" in errors[0], errors
    assert errors[1].startswith("<text>:2: "), errors
    assert "SOURCE:LINE: what is wrong" in sudokit.read.__doc__
    with open(os.path.join(HERE, "..", "..", "..", "docs", "PYTHON.md")) as f:
        assert '"SOURCE:LINE: what is wrong"' in f.read()
