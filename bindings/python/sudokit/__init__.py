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
sudokit.Error (a ValueError) with the library's message.

Threads: every function releases the GIL while the library works and may be
called from several threads at once (each thread has its own grader); a
generate() iterator may be consumed by one thread at a time.
"""

from __future__ import annotations

import queue as _queue
import threading as _threading
from typing import Iterator, List, Optional, Sequence, Tuple, Union

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
    "Candidate", "Drawing", "Error", "Grade", "Hint", "Link", "Mistake", "Puzzle", "Record", "Report", "Step",
    "canonical", "count", "generate", "grade", "hint", "read", "solve", "techniques",
]


def solve(puzzle: str) -> Optional[str]:
    """The solution of a puzzle with exactly one, else None (no solution, or
    several: count() tells which)."""
    n, solution = _sudokit.solve(puzzle, 2)
    return solution if n == 1 else None


def count(puzzle: str, limit: int = 2) -> int:
    """The number of solutions, counting stops at `limit` (2 = the uniqueness check)."""
    return _sudokit.solve(puzzle, limit)[0]


def canonical(puzzle: str) -> str:
    """The canonical form: the same string for every isomorph of the puzzle."""
    return _sudokit.canonical(puzzle)


def techniques() -> List[Tuple[str, str]]:
    """(key, name) of every technique, easiest first in SE's order."""
    return _sudokit.techniques()


def grade(puzzle: str, *, steps: bool = False, time_limit: float = 0.0, max_steps: int = 2000,
          levels: Optional[str] = None) -> Grade:
    """Rates a puzzle (81 characters) or a pencil-mark position (729) the way
    Sukaku Explainer does: Grade with er, ep, ed, level, hardest, histogram
    and, with steps=True, the solution path. A puzzle without exactly one
    solution is a Grade whose status says so (not an exception)."""
    return _sudokit.grade(puzzle, steps, time_limit, max_steps, levels)


def hint(position: Optional[str] = None, *, givens: Optional[str] = None, entries: Optional[str] = None,
         marks: Optional[str] = None, reveal: str = "step", time_limit: float = 10.0) -> Hint:
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
    Returns (records, errors); each error is 'SOURCE:LINE:COLUMN: what is
    wrong', and the records after it are still read."""
    return _sudokit.read(text, pencilmarks, source)


class _End:
    def __init__(self, report=None, error=None):
        self.report, self.error = report, error


class _Generation:
    """The iterator generate() returns: the library works on a thread of its
    own (without the GIL) and hands puzzles over a small queue; closing the
    iterator (or dropping it) stops the work."""

    def __init__(self, options: dict):
        self._queue: _queue.Queue = _queue.Queue(maxsize=16)
        self._stop = _threading.Event()
        self.report: Optional[Report] = None
        self._thread = _threading.Thread(target=self._run, args=(options,), daemon=True)
        self._thread.start()

    def _run(self, options: dict) -> None:
        try:
            end = _End(report=_sudokit.generate(options, self._hand_over))
        except BaseException as e:  # handed to the consumer, raised there
            end = _End(error=e)
        self._put(end)

    def _put(self, item) -> bool:
        while not self._stop.is_set():
            try:
                self._queue.put(item, timeout=0.05)
                return True
            except _queue.Full:
                continue
        return False

    def _hand_over(self, puzzle: Puzzle) -> bool:
        return not self._put(puzzle)  # True = stop

    def __iter__(self) -> "_Generation":
        return self

    def __next__(self) -> Puzzle:
        if self._thread is None:
            raise StopIteration
        item = self._queue.get()
        if isinstance(item, _End):
            self._thread.join()
            self._thread = None
            if item.error is not None:
                raise item.error
            self.report = item.report
            raise StopIteration
        return item

    def close(self) -> None:
        """Stops the generation and waits for its thread."""
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join()
        self._thread = None

    def __del__(self):
        self.close()

    def __enter__(self) -> "_Generation":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def generate(count: int = 10, seed: int = 0, *, threads: int = 1, method: Optional[str] = None,
             scramble: bool = False, base: Optional[str] = None, symmetry: Optional[str] = None,
             clues: int = 0, minimal: bool = False, verify_minimal: bool = False, pattern: Optional[str] = None,
             dig_order: Optional[str] = None, max_attempts: int = 0, time_limit: float = 0.0, grade: bool = False,
             level: Optional[str] = None, levels: Optional[str] = None, min_rating: float = 0.0,
             max_rating: float = 0.0, require_technique: Union[str, Sequence[str], None] = None,
             hardest_technique: Optional[str] = None, search: int = -1, search_keep: int = 1,
             strategy: Optional[str] = None) -> Iterator[Puzzle]:
    """Puzzles with exactly one solution, as `sudokit generate` makes them:
    the same options (spelled with underscores) and seed give the same
    puzzles. An iterator of Puzzle, in index order; with a target (level,
    min_rating/max_rating, require_technique, hardest_technique) or
    grade=True each carries er, ep, ed, level and hardest. A bad option
    raises sudokit.Error when iteration starts; close() (or leaving a `with`
    block) stops the work early. After the end, .report says how it went
    (report.complete is False when the time limit ended it first)."""
    options = dict(count=count, seed=seed, threads=threads, method=method, scramble=scramble, base=base,
                   symmetry=symmetry, clues=clues, minimal=minimal, verify_minimal=verify_minimal, pattern=pattern,
                   dig_order=dig_order, max_attempts=max_attempts, time_limit=time_limit, grade=grade, level=level,
                   levels=levels, min_rating=min_rating, max_rating=max_rating, require_technique=require_technique,
                   hardest_technique=hardest_technique, search=search, search_keep=search_keep,
                   strategy=strategy)
    return _Generation(options)
