#!/usr/bin/env python3
"""Rate a list of puzzles of one geometry with the matching Sudoku Explainer reference.

    tools/peers/se-rate.py --geometry G --input LIST --output OUT.tsv
    tools/peers/se-rate.py --jobs JOBS [--turn SECONDS]   (a job a line: GEOMETRY INPUT OUTPUT)

LIST holds one puzzle a line in sudokit's spelling (the first field of a line; `sudokit
generate --geometry G` output works as it is). OUT.tsv gets a header and one line a
puzzle: puzzle, se_er, se_ep, se_ed, se_technique (the technique that set ER, empty
where the reference does not print it), wall_s and cpu_s (wall and CPU seconds the
reference spent on the puzzle: the time between its output lines, and the growth of its
process's user+system time over that span; the first puzzle also pays the JVM start).
Each line is written whole and flushed as the reference prints it, so a killed run loses
at most the puzzle in flight: run it again and it rates only the puzzles OUT.tsv does
not hold yet (a trailing partial line is dropped first).

The references are the builds of tools/peers/build-se.sh, found by the environment:
SUDOKIT_SE (9x9 and its variant flags), SUDOKIT_SE6 (6x6) and SUDOKIT_SE16 (16x16),
each a class folder. The reference runs with one thread and its default settings, in a
scratch working directory (the 6x6 and 16x16 programs look for a settings file there)
with Java preferences of its own (the 9x9 program reads its GUI's saved settings,
variant flags included, from them), and every 9x9 switch is given explicitly.
With --jobs the jobs take turns until every list is rated, so that slow geometries do
not hold the others back: each turn rates about SECONDS worth of a job's puzzles at the
mean wall time its output shows so far (one puzzle on its first turn; without --turn a
job's whole list).
Geometries and the flags they map to: docs/se-rating-variants.md.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

# sudokit rule (canonical spelling, docs/VARIANTS.md) -> Sukaku Explainer 1.18.1 flag.
SE9_FLAGS = {
    "x": "--isX=1",
    "windows": "--isWindows=1",
    "disjoint": "--isDG=1",
    "centre-dot": "--isCD=1",
    "girandola": "--isGirandola=1",
    "asterisk": "--isAsterisk=1",
    "anti-knight": "--isAntiKnight=1",
    "anti-king": "--isAntiKing=1",
    "toroidal": "--isToroidal=1",
    "nc": "--isNC=1",
    "nc+": "--isNC=2",
    "none": "--isBlocks=0",
}

# 6x6 shape -> Sukaku6x6Explainer's serate switch (boxes of 2 rows x 3 columns or 3x2).
SE6_SHAPES = {"6x6": "-2", "6x6:2x3": "-2", "6x6:3x2": "-3", "6x6:none": "-L"}
SE6_RULES = {"x": "-X"}

HEADER = "puzzle\tse_er\tse_ep\tse_ed\tse_technique\twall_s\tcpu_s\n"


def fail(message):
    print(f"se-rate: {message}", file=sys.stderr)
    sys.exit(1)


def reference(geometry):
    """(class folder, serate arguments, size, has the technique name) for a geometry."""
    rules = [r.strip().lower() for r in geometry.split(",") if r.strip()]
    if not rules:
        fail(f"empty geometry {geometry!r}")
    shape = rules[0]
    if shape in SE6_SHAPES:
        args = [SE6_SHAPES[shape]]
        for rule in rules[1:]:
            if rule not in SE6_RULES:
                fail(f"geometry {geometry}: the 6x6 reference does not rate {rule!r}")
            args.append(SE6_RULES[rule])
        return env_folder("SUDOKIT_SE6"), args, 6, False
    if shape == "16x16":
        if len(rules) > 1:
            fail(f"geometry {geometry}: the 16x16 reference rates the plain 16x16 only")
        return env_folder("SUDOKIT_SE16"), [], 16, False
    if shape in ("classic", "9x9"):
        rules = rules[1:]
    for rule in rules:
        if rule not in SE9_FLAGS:
            fail(f"geometry {geometry}: Sukaku Explainer has no flag for {rule!r}")
    # Every switch given, off ones too: the reference starts from the settings its GUI
    # saved (Java preferences), which must not leak into a rating.
    args = ["--threads=1", "--revisedRating=0", "--FCPlus=0", "--islkSudokuBUG=1",
            "--islkSudokuURUL=1", "--isBlocks=0" if "none" in rules else "--isBlocks=1",
            "--isNC=2" if "nc+" in rules else "--isNC=1" if "nc" in rules else "--isNC=0"]
    for rule, flag in SE9_FLAGS.items():
        if rule not in ("none", "nc", "nc+"):
            args.append(flag if rule in rules else flag.replace("=1", "=0"))
    return env_folder("SUDOKIT_SE"), args, 9, True


def env_folder(name):
    folder = os.environ.get(name)
    if not folder or not os.path.isdir(os.path.join(folder, "diuf")):
        fail(f"{name} must name a reference class folder (tools/peers/build-se.sh)")
    return os.path.abspath(folder)


def to_reference(puzzle, size):
    """sudokit's cell string -> the reference's input line."""
    if size == 16:
        # sudokit: 1-9A-G, '.' empty; Sudoku16x16Explainer: A-P, '.' empty.
        out = []
        for c in puzzle:
            if c == ".":
                out.append(".")
            elif c.isdigit():
                out.append(chr(ord("A") + int(c) - 1))
            else:
                out.append(chr(ord("A") + 9 + ord(c.upper()) - ord("A")))
        return "".join(out)
    return puzzle


def cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


def mean_wall(output):
    """Mean wall seconds a puzzle in OUTPUT, or None."""
    try:
        with open(output) as f:
            times = [float(line.split("\t")[5]) for line in list(f)[1:] if line.endswith("\n")]
    except (OSError, IndexError, ValueError):
        return None
    return sum(times) / len(times) if times else None


def read_done(output):
    """Puzzles already rated in OUTPUT; drop a trailing partial line."""
    done = set()
    if not os.path.exists(output):
        with open(output, "w") as f:
            f.write(HEADER)
        return done
    with open(output, "rb") as f:
        data = f.read()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        with open(output, "r+b") as f:
            f.truncate(cut)
        data = data[:cut]
    lines = data.decode().splitlines()
    if not lines or lines[0] + "\n" != HEADER:
        fail(f"{output}: not a rating file of this script (header expected)")
    for line in lines[1:]:
        done.add(line.split("\t", 1)[0])
    return done


def rate(geometry, input_path, output, limit=None):
    """Rate up to LIMIT puzzles of INPUT_PATH not in OUTPUT yet; how many are left."""
    folder, args, size, named = reference(geometry)
    cells = size * size
    puzzles = []
    with open(input_path) as f:
        for number, line in enumerate(f, 1):
            fields = line.split()
            if not fields:
                continue
            if len(fields[0]) != cells:
                fail(f"{input_path}:{number}: expected {cells} cells, got {len(fields[0])}")
            puzzles.append(fields[0])
    done = read_done(output)
    todo = [p for p in dict.fromkeys(puzzles) if p not in done]
    print(f"se-rate: {geometry}: {len(done)} rated, {len(todo)} to rate -> {output}",
          file=sys.stderr, flush=True)
    if not todo:
        return 0
    left = 0
    if limit is not None and len(todo) > limit:
        left = len(todo) - limit
        todo = todo[:limit]
    fmt = "%g\t%r\t%p\t%d\t%R" if named else "%g\t%r\t%p\t%d"
    by_line = {to_reference(p, size): p for p in todo}
    with tempfile.TemporaryDirectory(prefix="se-rate.") as scratch:
        listing = os.path.join(scratch, "input.txt")
        with open(listing, "w") as f:
            f.write("".join(to_reference(p, size) + "\n" for p in todo))
        prefs = os.path.join(scratch, "prefs")
        command = ["java", "-Xmx1g", f"-Djava.util.prefs.userRoot={prefs}",
                   f"-Djava.util.prefs.systemRoot={prefs}", "-cp", folder,
                   "diuf.sudoku.test.serate", *args,
                   f"--format={fmt}", f"--input={listing}"]
        process = subprocess.Popen(command, cwd=scratch, stdout=subprocess.PIPE, text=True)
        wall = time.monotonic()
        cpu = 0.0
        written = 0
        with open(output, "a") as out:
            for line in process.stdout:
                fields = line.rstrip("\n").split("\t")
                if fields[0] not in by_line:
                    continue  # not a result line (the reference's own messages)
                now = time.monotonic()
                cpu_now = cpu_seconds(process.pid)
                cpu_step = "" if cpu_now is None else f"{cpu_now - cpu:.2f}"
                cpu = cpu_now if cpu_now is not None else cpu
                er, ep, ed = fields[1:4]
                technique = fields[4] if named and len(fields) > 4 else ""
                out.write(f"{by_line[fields[0]]}\t{er}\t{ep}\t{ed}\t{technique}\t"
                          f"{now - wall:.2f}\t{cpu_step}\n")
                out.flush()
                written += 1
                wall = now
        if process.wait() != 0:
            fail(f"{geometry}: the reference exited with status {process.returncode}")
        if written < len(todo):
            fail(f"{geometry}: the reference rated {written} of {len(todo)} puzzles")
    return left


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--geometry")
    parser.add_argument("--input")
    parser.add_argument("--output")
    parser.add_argument("--jobs", help="file of GEOMETRY INPUT OUTPUT lines, taking turns")
    parser.add_argument("--turn", type=float, help="seconds of rating per job's turn")
    a = parser.parse_args()
    if a.jobs:
        with open(a.jobs) as f:
            jobs = [line.split() for line in f if line.strip() and not line.startswith("#")]
        for job in jobs:
            if len(job) != 3:
                fail(f"{a.jobs}: expected GEOMETRY INPUT OUTPUT, got {' '.join(job)}")
        for geometry, _, _ in jobs:
            reference(geometry)  # refuse a bad job before rating anything
        pending = list(jobs)
        while pending:
            still = []
            for job in pending:
                limit = None
                if a.turn:
                    mean = mean_wall(job[2])
                    limit = 1 if mean is None else max(1, int(a.turn / max(mean, 0.01)))
                if rate(*job, limit) > 0:
                    still.append(job)
            pending = still
    elif a.geometry and a.input and a.output:
        rate(a.geometry, a.input, a.output)
    else:
        parser.error("give --geometry, --input and --output, or --jobs")


if __name__ == "__main__":
    main()
