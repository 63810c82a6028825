"""generate()'s iterator and its thread: leaving a loop early (break, an
exception, sys.exit), dropping the iterator (del, the garbage collector,
next() on a fresh one) and the interpreter's exit all stop the work and
join the thread, with nothing on stderr; the thread count returns to where
it was. Fresh seeds: a run without a seed differs from the next and reports
its seed, which makes the same puzzles again (here, in the C API and in the
command)."""

import gc
import os
import subprocess
import sys
import threading
import time
import weakref

import pytest

import sudokit

CLI = os.environ.get("SUDOKIT_CLI", "sudokit")
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(sudokit.__file__)))
RUNS = 12  # each exit case this many times: the crash it guards against came in 10 of 12


def tasks():
    return len(os.listdir("/proc/self/task"))


def tasks_settle_at(n):
    """True once the process has `n` threads: a joined thread's task leaves
    /proc a moment after join() returns (its last steps are the C
    library's), so this waits up to 10 s for that."""
    for _ in range(1000):
        if tasks() == n:
            return True
        time.sleep(0.01)
    return False


@pytest.fixture
def no_thread_left():
    gc.collect()
    before = tasks()
    unraisable = []
    hook, sys.unraisablehook = sys.unraisablehook, unraisable.append
    try:
        yield
    finally:
        sys.unraisablehook = hook
    assert not [u.exc_value for u in unraisable]
    assert tasks_settle_at(before), (tasks(), before)
    assert not [t for t in threading.enumerate() if t.name == "sudokit.generate"]


def test_break_and_exceptions_join_the_thread(no_thread_left):
    for seed in range(20):
        for p in sudokit.generate(count=1000, seed=seed):
            break

    class Stop(Exception):
        pass

    for seed in range(20):
        with pytest.raises(Stop):
            for p in sudokit.generate(count=1000, seed=seed):
                raise Stop


def test_a_dropped_iterator_is_freed_and_joined_at_once(no_thread_left):
    it = sudokit.generate(count=1000, seed=1)
    next(it)
    ref = weakref.ref(it)
    del it  # no collection: the thread must not keep it alive
    assert ref() is None
    assert next(sudokit.generate(count=1, seed=2)).index == 0
    assert len(list(sudokit.generate(count=2, seed=3))) == 2


def test_the_garbage_collector_stops_an_iterator_in_a_cycle(no_thread_left):
    for seed in range(10):
        it = sudokit.generate(count=1000, seed=seed)
        next(it)
        it.cycle = it
        del it
    gc.collect()


def test_two_hundred_dropped_iterators(no_thread_left):
    for seed in range(200):
        it = sudokit.generate(count=100, seed=seed)
        if seed % 2:
            next(it)
        del it


def test_close_stops_a_run_waiting_for_a_rare_puzzle(no_thread_left):
    # ER 11 and up is out of reach: the run would go on for its 120 s default
    # (and close() wait for it) unless close() stops the library itself.
    it = sudokit.generate(count=1, min_rating=11, seed=1)
    closer = threading.Thread(target=it.close)
    closer.start()
    closer.join(timeout=60)
    assert not closer.is_alive(), "close() waits for the library's time limit"


# Each case exits with the status given and writes nothing to stderr but
# what it is expected to (a traceback of its own).
EXIT_CASES = {
    "break": ("import sudokit\nfor p in sudokit.generate(count=100000, seed=1):\n    break\n", 0, None),
    "exception caught": ("import sudokit\ntry:\n    for p in sudokit.generate(count=100000, seed=1):\n"
                         "        raise KeyError('x')\nexcept KeyError:\n    pass\n", 0, None),
    "exception uncaught": ("import sudokit\nfor p in sudokit.generate(count=100000, seed=1):\n"
                           "    raise KeyError('left')\n", 1, "KeyError: 'left'"),
    "sys.exit in the loop": ("import sys, sudokit\nfor p in sudokit.generate(count=100000, seed=1):\n"
                             "    sys.exit(3)\n", 3, None),
    "next on a fresh one": ("import sudokit\nprint(next(sudokit.generate(count=1)).puzzle)\n", 0, None),
    "exit with one running": ("import sudokit\nit = sudokit.generate(count=100000, seed=1)\nnext(it)\n", 0, None),
    "exit with one not started": ("import sudokit\nit = sudokit.generate(count=100000, seed=1)\n", 0, None),
    "exit waiting for a rare puzzle": ("import sudokit\nit = sudokit.generate(count=1, min_rating=11)\n", 0, None),
    "exit with one in a cycle": ("import sudokit\nit = sudokit.generate(count=100000, seed=1)\nnext(it)\n"
                                 "it.cycle = it\ndel it\n", 0, None),
}


@pytest.mark.parametrize("case", list(EXIT_CASES))
def test_the_interpreter_exits_cleanly(case):
    code, status, expected = EXIT_CASES[case]
    env = dict(os.environ, PYTHONPATH=PACKAGE)
    for _ in range(RUNS):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
        assert r.returncode == status, (case, r.returncode, r.stderr)
        assert "FATAL" not in r.stderr and "Exception ignored" not in r.stderr, (case, r.stderr)
        if expected is None:
            assert r.stderr == "", (case, r.stderr)
        else:
            assert r.stderr.rstrip().endswith(expected), (case, r.stderr)


def test_runs_without_a_seed_differ_and_report_their_seed():
    a, b = sudokit.generate(count=3), sudokit.generate(count=3)
    assert a.seed != b.seed
    first, second = list(a), list(b)
    assert [p.puzzle for p in first] != [p.puzzle for p in second]
    assert a.report.seed == a.seed and {p.seed for p in first} == {a.seed}
    again = sudokit.generate(count=3, seed=a.seed)
    assert [p.puzzle for p in again] == [p.puzzle for p in first]
    assert again.seed == again.report.seed == a.seed
    cli = subprocess.run([CLI, "generate", "--count", "3", "--seed", str(a.seed)], capture_output=True, text=True,
                         check=True)
    assert [line.split()[0] for line in cli.stdout.splitlines()] == [p.puzzle for p in first]


def test_separate_processes_draw_separate_seeds():
    env = dict(os.environ, PYTHONPATH=PACKAGE)
    code = "import sudokit\nit = sudokit.generate(count=1)\nprint(next(it).puzzle, it.seed)\n"
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
            for _ in range(2)]
    (p1, s1), (p2, s2) = (r.split() for r in runs)
    assert p1 != p2 and s1 != s2
    assert next(sudokit.generate(count=1, seed=int(s1))).puzzle == p1


def test_the_command_draws_a_fresh_seed_and_prints_it():
    runs = [subprocess.run([CLI, "generate", "--count", "1"], capture_output=True, text=True, check=True)
            for _ in range(2)]
    seeds = [r.stderr.split("sudokit generate: seed ")[1].split()[0] for r in runs]
    assert seeds[0] != seeds[1] and runs[0].stdout != runs[1].stdout
    again = subprocess.run([CLI, "generate", "--count", "1", "--seed", seeds[0]], capture_output=True, text=True,
                           check=True)
    assert again.stdout == runs[0].stdout
