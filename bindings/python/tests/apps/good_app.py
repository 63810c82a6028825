"""An app that uses sudokit as documented: mypy --strict accepts it
(test_types.py)."""
from typing import List, Optional

import sudokit


def hardest_of(puzzles: List[str]) -> Optional[float]:
    best: Optional[float] = None
    for p in puzzles:
        g = sudokit.grade(p)
        if g.er is not None and (best is None or g.er > best):
            best = g.er
    return best


def first_hint(puzzle: str) -> str:
    h = sudokit.hint(givens=puzzle, reveal="technique")
    return h.technique_name or h.message


def make(n: int) -> List[str]:
    with sudokit.generate(count=n, level="easy", symmetry="rot180") as run:
        out = [p.puzzle for p in run]
        seed: int = run.seed
        if run.report is not None:
            print(run.report.accepted, seed)
    return out


def limit() -> int:
    return sudokit.count("." * 81, limit=3)
