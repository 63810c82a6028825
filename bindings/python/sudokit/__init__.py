"""sudokit: make, grade and explain Sudoku puzzles.

A thin layer over sudokit's C API (the same library the `sudokit` command
uses): the same checks and messages, the same ratings, the same puzzles for
the same seed.

    import sudokit
    p = next(sudokit.generate(count=1, seed=7, level="hard"))
    g = sudokit.grade(p.puzzle, steps=True)
    print(g.er, g.level, g.steps[0].text)
    print(sudokit.hint(givens=p.puzzle).step.text)

Puzzles are 81-character strings ('.' or '0' for an empty cell); pencil-mark
positions are Sukaku Explainer's 729-character lines. Errors raise
sudokit.Error (a ValueError) with the library's message; its .option is the
keyword at fault ("min_rating"), None when the fault is not one option's.

Variants (docs/VARIANTS.md): solve(), count(), check(), canonical() and
global_id() take geometry=
(a spelling: "x", "windows", "6x6", "16x16", "jigsaw:MAP", "x,windows" ...;
None, the default, is the classic 9x9 read as before) and alphabet= for
the cells ("digits" 1-9A-P, "letters" A-Z, "hex" 0-9A-F); a bad spelling
raises sudokit.Error("geometry:COL: ..."), and a combination with no valid
grid sudokit.Error("geometry: 4x4,anti-king has no valid grid"), both
with .option "geometry" (parse_geometry() raises them too, with no
.option). parse_geometry() gives a
spelling's canonical form and size. generate(geometry=..., alphabet=...)
makes puzzles of a variant, unrated (variant).

    sudokit.solve(puzzle_16x16, geometry="16x16")
    sudokit.check(entries, geometry="x")  # the cells that break a rule
    p = next(sudokit.generate(count=1, seed=7, geometry="x"))  # p.status == "unrated (variant)"

Threads: every function releases the GIL while the library works and may be
called from several threads at once (each thread has its own grader); a
generate() iterator may be consumed by one thread at a time.

Types: the package ships py.typed and stubs (_sudokit.pyi); the option
names that take one of a few words (reveal, method, symmetry, dig_order,
strategy) are Literal types, so a type checker catches a misspelt one.
"""

from __future__ import annotations

import atexit as _atexit
import queue as _queue
import threading as _threading
import weakref as _weakref
from typing import Any, Dict, List, Literal, Optional, Sequence, Set, Tuple, Union

from . import _sudokit
from ._sudokit import (  # noqa: F401  (re-exported types)
    Candidate,
    Drawing,
    Error,
    Grade,
    Hint,
    Link,
    Mistake,
    Puzzle,
    Record,
    Report,
    Step,
)

__version__ = _sudokit.version()
__all__ = [
    "Candidate", "Drawing", "Error", "Generation", "Grade", "Hint", "Link", "Mistake", "Puzzle", "Record", "Report",
    "Step", "canonical", "check", "count", "generate", "global_id", "grade", "hint", "parse_geometry", "read", "solve",
    "techniques",
]

Reveal = Literal["area", "technique", "step"]
Method = Literal["backtrack", "box-permutation", "digit-box", "relabel"]
Symmetry = Literal["none", "rot180", "rot90", "mirror", "diagonal", "antidiagonal", "dihedral", "random"]
DigOrder = Literal["random", "sparse-digits"]
Strategy = Literal["dig", "climb"]
Alphabet = Literal["digits", "letters", "hex"]


def _solve(puzzle: str, limit: int, geometry: Optional[str], alphabet: Alphabet) -> Tuple[int, Optional[str]]:
    if geometry is None and alphabet == "digits":
        return _sudokit.solve(puzzle, limit)  # the classic call, every text form it reads
    return _sudokit.solve_geometry(puzzle, limit, "classic" if geometry is None else geometry, alphabet)


def solve(puzzle: str, *, geometry: Optional[str] = None, alphabet: Alphabet = "digits") -> Optional[str]:
    """The solution of a puzzle with exactly one, else None (no solution, or
    several: count() tells which). `geometry`: a variant's spelling (None:
    the classic 9x9); the cells are read and written in `alphabet`."""
    n, solution = _solve(puzzle, 2, geometry, alphabet)
    return solution if n == 1 else None


def count(puzzle: str, limit: int = 2, *, geometry: Optional[str] = None, alphabet: Alphabet = "digits") -> int:
    """The number of solutions, counting stops at `limit` (2 = the uniqueness check)."""
    return _solve(puzzle, limit, geometry, alphabet)[0]


def check(puzzle: str, *, geometry: Optional[str] = None, alphabet: Alphabet = "digits") -> List[int]:
    """The placed cells (0-based, ascending) whose digit breaks a rule of the
    geometry with another placed digit: a house or leaper peer with the same
    digit, a non-consecutive neighbour one apart (sudokit_check_geometry)."""
    return _sudokit.check_geometry(puzzle, "classic" if geometry is None else geometry, alphabet)


def parse_geometry(spelling: str) -> Tuple[str, int]:
    """(canonical spelling, size N of the N x N grid) of a geometry; raises
    sudokit.Error("geometry:COL: ...") for a spelling that names none, and
    "geometry: ... has no valid grid" for a combination with no valid grid."""
    return _sudokit.parse_geometry(spelling)


def canonical(puzzle: str, *, geometry: Optional[str] = None, alphabet: Alphabet = "digits") -> str:
    """The canonical form: the same string for every isomorph of the puzzle
    (for a variant, under the geometry's own symmetries and relabellings)."""
    if geometry is None and alphabet == "digits":
        return _sudokit.canonical(puzzle)
    return _sudokit.canonical_geometry(puzzle, "classic" if geometry is None else geometry, alphabet)[0]


def global_id(puzzle: str, *, geometry: Optional[str] = None, alphabet: Alphabet = "digits") -> str:
    """The global id: equal ids mean the same puzzle of the same variant
    (16 characters for the classic, 'v' and 16 for a variant)."""
    return _sudokit.canonical_geometry(puzzle, "classic" if geometry is None else geometry, alphabet)[1]


def techniques() -> List[Tuple[str, str]]:
    """(key, name) of every technique, easiest first in SE's order."""
    return _sudokit.techniques()


def grade(puzzle: str, *, steps: bool = False, time_limit: float = _sudokit.GRADE_TIME_LIMIT,
          max_steps: int = _sudokit.GRADE_MAX_STEPS,
          levels: Optional[str] = None) -> Grade:
    """Rates a puzzle (81 characters) or a pencil-mark position (729) the way
    Sukaku Explainer does: Grade with er, ep, ed, level, hardest, histogram
    and, with steps=True, the solution path. A puzzle without exactly one
    solution is a Grade whose status says so (not an exception); the
    ratings, level and hardest of a Grade that is not rated are None."""
    return _sudokit.grade(puzzle, steps, time_limit, max_steps, levels)


def hint(position: Optional[str] = None, *, givens: Optional[str] = None, entries: Optional[str] = None,
         marks: Optional[str] = None, reveal: Reveal = "step",
         time_limit: float = _sudokit.HINT_TIME_LIMIT) -> Hint:
    """The hint for a player's position: the player's mistakes first (status
    'mistakes'), else the next step Sukaku Explainer takes from it, revealed
    up to `reveal` ('area', 'technique' or 'step'). The position is either a
    text in any form `sudokit hint` reads (a puzzle, 'GIVENS ENTRIES',
    'GIVENS MARKS', 729 marks, a candidate grid, a JSON object) or its
    fields: givens and entries (81 characters each), marks (729)."""
    return _sudokit.hint(position, givens, entries, marks, reveal, time_limit)


def read(text: str, *, pencilmarks: bool = False, source: str = "<text>") -> Tuple[List[Record], List[str]]:
    """The records of a puzzle file's text, as `sudokit` reads files: one puzzle
    per line (81 characters, or the grid over several lines; comments and
    trailing fields allowed), with pencilmarks=True also 729-character lines.
    Returns (records, errors); each error is 'SOURCE:LINE: what is wrong'
    ('SOURCE:LINE:COLUMN: what is wrong' when one column is at fault), and
    the records after it are still read."""
    return _sudokit.read(text, pencilmarks, source)


class _End:
    """The last item a run hands over: its report, or the error it raised."""

    def __init__(self, report: Optional[Report] = None, error: Optional[BaseException] = None) -> None:
        self.report, self.error = report, error


class _Run:
    """What a generation's worker thread holds: the queue, the stop flags and
    the thread itself, never the Generation (so dropping that one finalises
    it while the thread runs). close() stops and joins the thread; it is
    the Generation's finalizer, and the interpreter's exit calls it for
    every run not joined yet (_running), before Python stops its threads:
    a worker thread must never meet the interpreter's finalisation, which
    would unwind it through the library's frames."""

    def __init__(self, options: Dict[str, Any]) -> None:
        self.queue: "_queue.Queue[Union[Puzzle, _End]]" = _queue.Queue(maxsize=16)
        self.stopping = _threading.Event()
        self.stop = _sudokit.Stop()  # the library's flag: stops a run waiting for a rare puzzle too
        self.thread = _threading.Thread(target=_work, args=(self, options), name="sudokit.generate", daemon=True)

    def put(self, item: Union[Puzzle, _End]) -> bool:
        """Hands `item` over unless the run is stopping; False when it is."""
        while not self.stopping.is_set():
            try:
                self.queue.put(item, timeout=0.05)
                return True
            except _queue.Full:
                continue
        return False

    def hand_over(self, puzzle: Puzzle) -> bool:
        return not self.put(puzzle)  # True = stop

    def close(self) -> None:
        """Stops the run and, unless called on its own thread (a garbage
        collection there may finalise its Generation), joins it."""
        self.stopping.set()
        self.stop.request()
        if self.thread is _threading.current_thread():
            return  # never join a thread from itself; it ends on its own, _stop_all joins it at exit
        if self.thread.ident is not None:  # started
            self.thread.join()
        _running.discard(self)


def _work(run: _Run, options: Dict[str, Any]) -> None:
    """The worker thread: the whole generation, then its end."""
    try:
        end = _End(report=_sudokit.generate(options, run.hand_over, run.stop))
    except BaseException as e:  # handed to the consumer, raised there
        end = _End(error=e)
    run.put(end)


# The runs whose thread may still be alive (set.add and discard are atomic
# under the GIL: no lock, which a finaliser could find held by its own thread).
_running: Set[_Run] = set()


@_atexit.register
def _stop_all() -> None:
    for run in list(_running):
        run.close()


class Generation:
    """The iterator generate() returns: the library works on a thread of its
    own (without the GIL) and hands puzzles over a queue of 16. close(),
    leaving a `with` block, dropping the iterator (at once, or when the
    garbage collector finds it) or the interpreter's exit stop the work and
    wait for the thread."""

    def __init__(self, options: Dict[str, Any]) -> None:
        self.seed: int = options["seed"]
        """The run's seed (drawn fresh when none was given): generate(seed=...) repeats the run."""
        self.report: Optional[Report] = None
        """How the run went, once iteration has ended (None before, and after close())."""
        run = _Run(options)
        self._run: Optional[_Run] = run
        self._close = _weakref.finalize(self, run.close)
        self._close.atexit = False  # _stop_all closes every run at exit
        _running.add(run)
        run.thread.start()

    def __iter__(self) -> "Generation":
        return self

    def __next__(self) -> Puzzle:
        if self._run is None:
            raise StopIteration
        item = self._run.queue.get()
        if isinstance(item, _End):
            self.close()
            if item.error is not None:
                raise item.error
            self.report = item.report
            raise StopIteration
        return item

    def close(self) -> None:
        """Stops the generation and waits for its thread."""
        self._run = None
        self._close()

    def __enter__(self) -> "Generation":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._run is None else "running"
        return f"<Generation seed {self.seed} {state}>"


def generate(count: int = 10, seed: Optional[int] = None, *, threads: int = 1, method: Optional[Method] = None,
             scramble: bool = False, base: Optional[str] = None, symmetry: Optional[Symmetry] = None,
             clues: int = 0, minimal: bool = False, verify_minimal: bool = False, pattern: Optional[str] = None,
             dig_order: Optional[DigOrder] = None, max_attempts: int = 0, time_limit: float = 0.0,
             grade: bool = False, level: Optional[str] = None, levels: Optional[str] = None,
             min_rating: float = 0.0, max_rating: float = 0.0,
             require_technique: Union[str, Sequence[str], None] = None, hardest_technique: Optional[str] = None,
             search: int = -1, search_keep: int = 1, strategy: Optional[Strategy] = None,
             geometry: Optional[str] = None, alphabet: Alphabet = "digits") -> Generation:
    """Puzzles with exactly one solution, as `sudokit generate` makes them:
    the same options (spelled with underscores) and seed give the same
    puzzles. Without a seed a fresh one is drawn (as the command does); the
    Generation's .seed (and each puzzle's, and the report's) gives it back
    to repeat the run. An iterator of Puzzle, in index order; with a target
    (level, min_rating/max_rating, require_technique, hardest_technique) or
    grade=True each carries er, ep, ed, level and hardest. A bad option
    raises sudokit.Error when iteration starts; close() (or leaving a `with`
    block, or dropping the iterator) stops the work early. After the end,
    .report says how it went (report.complete is False when the time limit
    ended it first).

    geometry= makes puzzles of a variant (its spelling, as
    `sudokit generate --geometry`; None: the classic): each Puzzle's puzzle
    and solution are its cells in `alphabet`, .geometry its canonical
    spelling and .status 'unrated (variant)' (no rating: the rating
    options, grade=True and a dig_order other than 'random' raise
    sudokit.Error naming the keyword)."""
    if seed is None:
        seed = _sudokit.fresh_seed()
    options = dict(count=count, seed=seed, threads=threads, method=method, scramble=scramble, base=base,
                   symmetry=symmetry, clues=clues, minimal=minimal, verify_minimal=verify_minimal, pattern=pattern,
                   dig_order=dig_order, max_attempts=max_attempts, time_limit=time_limit, grade=grade, level=level,
                   levels=levels, min_rating=min_rating, max_rating=max_rating, require_technique=require_technique,
                   hardest_technique=hardest_technique, search=search, search_keep=search_keep,
                   strategy=strategy, geometry=geometry, alphabet=alphabet)
    return Generation(options)
