"""The sharded-generation examples (examples/slurm, examples/kubernetes):
well-formed (bash -n; the manifests parse as YAML and are Indexed Jobs whose
--shard auto/N matches their completions), and the same flow run here: the
Slurm array's tasks as N concurrent processes with the variables Slurm sets,
the Kubernetes pods' commands with JOB_COMPLETION_INDEX, each followed by its
merge step, give exactly the store one `generate --db` of the whole run
writes (the same puzzle at every index, with its rating); a killed task run
again finishes its shard; the merge run twice adds nothing.

usage: sharded_flow_test.py SUDOKIT EXAMPLES_DIR
"""
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile

import yaml

SUDOKIT, EXAMPLES = sys.argv[1], sys.argv[2]
COUNT, SEED, TARGET = 90, 424242, "--level hard"
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


def rows(db):
    with sqlite3.connect(db) as c:
        return c.execute("SELECT seed_index, puzzle, solution, er, level, run FROM puzzles ORDER BY seed_index").fetchall()


def shards_of(db):
    with sqlite3.connect(db) as c:
        return c.execute("SELECT DISTINCT shard FROM puzzles ORDER BY shard").fetchall()


scripts = [os.path.join(EXAMPLES, "slurm", f) for f in ("generate.sbatch", "merge.sbatch", "submit.sh")]
for script in scripts:
    r = subprocess.run(["bash", "-n", script], capture_output=True, text=True)
    check(r.returncode == 0, f"bash -n {script}: {r.stderr}")

manifests = {}
for name in ("generate-job.yaml", "merge-job.yaml", "generate-postgres-job.yaml"):
    with open(os.path.join(EXAMPLES, "kubernetes", name)) as f:
        docs = [d for d in yaml.safe_load_all(f) if d]
    check(len(docs) == 1 and docs[0]["apiVersion"] == "batch/v1" and docs[0]["kind"] == "Job", f"{name}: one batch/v1 Job")
    manifests[name] = docs[0]
gen = manifests["generate-job.yaml"]["spec"]
check(gen["completionMode"] == "Indexed", "generate-job.yaml: an Indexed Job")
gen_container = gen["template"]["spec"]["containers"][0]
gen_args = gen_container["args"]
shard = gen_args[gen_args.index("--shard") + 1]
check(shard == f"auto/{gen['completions']}", f"generate-job.yaml: --shard {shard} for {gen['completions']} completions")
check(gen["parallelism"] <= gen["completions"], "generate-job.yaml: parallelism within completions")


def check_failures(name, spec):
    """A failing index is retried, one failed for good (or a usage error,
    exit status 2) fails the Job at once, and no index has two pods at once."""
    check(spec.get("backoffLimitPerIndex", 0) >= 1, f"{name}: backoffLimitPerIndex")
    check(spec.get("maxFailedIndexes") == 0, f"{name}: maxFailedIndexes 0 (a failed index fails the Job at once)")
    rules = spec.get("podFailurePolicy", {}).get("rules", [])
    check(any(r["action"] == "FailIndex" and r["onExitCodes"]["operator"] == "In" and 2 in r["onExitCodes"]["values"]
              for r in rules), f"{name}: exit status 2 (a usage error) fails its index at once")
    check(spec.get("podReplacementPolicy") == "Failed", f"{name}: podReplacementPolicy Failed")
    check(spec["template"]["spec"]["restartPolicy"] == "Never", f"{name}: restartPolicy Never (podFailurePolicy needs it)")


check_failures("generate-job.yaml", gen)
# Straight into PostgreSQL: the same shards, the store's URI from the pod's
# environment, the password from a Secret (never in the manifest). The flow
# itself runs against a real server in pg.store (PgCli.TheSlurmExampleWritesPostgresqlDirectly).
pg_job = manifests["generate-postgres-job.yaml"]["spec"]
check(pg_job["completionMode"] == "Indexed", "generate-postgres-job.yaml: an Indexed Job")
pg_container = pg_job["template"]["spec"]["containers"][0]
pg_args = pg_container["args"]
check(pg_args[pg_args.index("--shard") + 1] == f"auto/{pg_job['completions']}", "generate-postgres-job.yaml: --shard auto/N")
check(pg_args[pg_args.index("--db") + 1] == "$(SUDOKIT_DB)", "generate-postgres-job.yaml: --db from SUDOKIT_DB")
pg_env = {e["name"]: e for e in pg_container["env"]}
check(pg_env["SUDOKIT_DB"]["value"].startswith("postgresql://") and ":" not in pg_env["SUDOKIT_DB"]["value"].split("@")[0][len("postgresql://"):],
      "generate-postgres-job.yaml: a postgresql:// URI without a password")
check("secretKeyRef" in pg_env["PGPASSWORD"]["valueFrom"], "generate-postgres-job.yaml: PGPASSWORD from a Secret")
check_failures("generate-postgres-job.yaml", pg_job)
with open(scripts[2]) as f:
    submit = f.read()
check("--dependency=\"afterany:" in submit and "afterok" not in submit.split("set -euo")[1],
      "submit.sh: the merge waits for every task to end (afterany), not for all to succeed")

work = tempfile.mkdtemp(prefix="sudokit-sharded-")
try:
    # The reference: the whole run in one process.
    whole = os.path.join(work, "whole.db")
    subprocess.run([SUDOKIT, "generate", "--count", str(COUNT), "--seed", str(SEED), *TARGET.split(), "--db", whole],
                   check=True, capture_output=True)
    expected = rows(whole)
    check(len(expected) == COUNT, f"the whole run stored {len(expected)} of {COUNT}")

    # Slurm: an array 0-3 (the task ids are the shard numbers, SHARDS=4), all tasks at once.
    n = 4
    out = os.path.join(work, "slurm-shards")
    env = dict(os.environ, SUDOKIT=SUDOKIT, SHARDS=str(n), COUNT=str(COUNT), SEED=str(SEED), TARGET=TARGET, OUT=out,
               FINAL=os.path.join(work, "slurm.db"), SLURM_ARRAY_TASK_MIN="0", SLURM_ARRAY_TASK_MAX=str(n - 1),
               SLURM_ARRAY_TASK_COUNT=str(n), SLURM_CPUS_PER_TASK="1")
    tasks = [subprocess.Popen(["bash", scripts[0]], env=dict(env, SLURM_ARRAY_TASK_ID=str(k)),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for k in range(n)]
    for k, t in enumerate(tasks):
        _, err = t.communicate()
        check(t.returncode == 0, f"a Slurm task failed: {err}")
        check(f"shard {k}/{n} (SLURM_ARRAY_TASK_ID={k})" in err, f"task {k} did not say its shard: {err}")
    # Task 2 is killed and resubmitted alone (sbatch --array=2: an array of
    # one task, MIN = MAX = 2, COUNT 1): still shard 2 of 4, its file loses
    # nothing and it finishes.
    os.remove(os.path.join(out, "shard-2.db"))
    alone = dict(env, SLURM_ARRAY_TASK_ID="2", SLURM_ARRAY_TASK_MIN="2", SLURM_ARRAY_TASK_MAX="2",
                 SLURM_ARRAY_TASK_COUNT="1")
    killed = subprocess.Popen(["bash", scripts[0]], env=alone, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    killed.kill()
    killed.wait()
    again = subprocess.run(["bash", scripts[0]], env=alone, capture_output=True, text=True)
    check(again.returncode == 0, f"the rerun of task 2 failed: {again.stderr}")
    check(f"shard 2/{n} (SLURM_ARRAY_TASK_ID=2)" in again.stderr, f"the rerun of task 2: {again.stderr}")
    with sqlite3.connect(os.path.join(out, "shard-2.db")) as c:
        stored = c.execute("SELECT count(*), count(DISTINCT shard), min(shard) FROM puzzles").fetchone()
    check(stored == (len([i for i in range(COUNT) if i % n == 2]), 1, f"2/{n}"), f"task 2 alone stored {stored}")
    # An array that does not start at 0 (--array=1-4) is refused, nothing made.
    off = subprocess.run(["bash", scripts[0]], env=dict(env, OUT=os.path.join(work, "off"), SLURM_ARRAY_TASK_ID="4",
                                                        SLURM_ARRAY_TASK_MIN="1", SLURM_ARRAY_TASK_MAX="4"),
                         capture_output=True, text=True)
    check(off.returncode == 2 and "submit it as --array=0-3" in off.stderr, f"an array 1-4: {off.returncode} {off.stderr}")
    # A task that fails (exit status 1) is run again by the script itself;
    # a usage error (2) is not. SUDOKIT is a wrapper that fails its first run.
    flaky = os.path.join(work, "flaky.sh")
    with open(flaky, "w") as f:
        f.write('#!/bin/sh\necho run >> "$RUNS"\n'
                '[ "$(wc -l < "$RUNS")" -gt 1 ] || { echo "a lost server" >&2; exit 1; }\n'
                f'exec "{SUDOKIT}" "$@"\n')
    os.chmod(flaky, 0o755)
    os.remove(os.path.join(out, "shard-1.db"))
    os.remove(os.path.join(out, "shard-1.done"))
    runs = os.path.join(work, "runs")
    retried = subprocess.run(["bash", scripts[0]], env=dict(env, SUDOKIT=flaky, RUNS=runs, RETRY_PAUSE="0",
                                                            SLURM_ARRAY_TASK_ID="1"), capture_output=True, text=True)
    check(retried.returncode == 0 and "run 1 of 3 again" in retried.stderr, f"a failed task is retried: {retried.stderr}")
    check(os.path.exists(os.path.join(out, "shard-1.done")), "the retried task marked its shard whole")
    os.remove(runs)
    usage = subprocess.run(["bash", scripts[0]], env=dict(env, SUDOKIT=flaky, RUNS=runs, RETRY_PAUSE="0", SHARDS="0",
                                                          SLURM_ARRAY_TASK_ID="1"), capture_output=True, text=True)
    with open(runs) as f:
        usage_runs = len(f.read().splitlines())
    check(usage.returncode == 2 and usage_runs == 2, f"a usage error is not retried: {usage.returncode}, {usage_runs} runs")
    # The merge waits for every shard: one not marked whole, nothing merged.
    os.rename(os.path.join(out, "shard-3.done"), os.path.join(out, "shard-3.later"))
    early = subprocess.run(["bash", scripts[1]], env=env, capture_output=True, text=True)
    check(early.returncode == 1 and "shards not complete" in early.stderr and "--array=3 " in early.stderr
          and not os.path.exists(env["FINAL"]), f"a merge with shard 3 missing: {early.returncode} {early.stderr}")
    os.rename(os.path.join(out, "shard-3.later"), os.path.join(out, "shard-3.done"))
    merge = subprocess.run(["bash", scripts[1]], env=env, capture_output=True, text=True)
    check(merge.returncode == 0, f"merge.sbatch failed: {merge.stderr}")
    check(rows(env["FINAL"]) == expected, "Slurm: the merged store is not the whole run's")
    check(shards_of(env["FINAL"]) == [(f"{k}/{n}",) for k in range(n)], f"Slurm: shards {shards_of(env['FINAL'])}")
    twice = subprocess.run(["bash", scripts[1]], env=env, capture_output=True, text=True)
    check(re.search(r": added 0, duplicates " + str(COUNT), twice.stderr) is not None, f"a second merge added rows: {twice.stderr}")

    # Kubernetes: each pod's command, with the index Kubernetes sets and the
    # count, target and paths of this test.
    n = gen["completions"]
    data = os.path.join(work, "k8s-data")
    os.makedirs(os.path.join(data, "shards"))

    def local(arg, index=None):
        arg = arg.replace("/data", data)
        if index is not None:
            arg = arg.replace("$(JOB_COMPLETION_INDEX)", str(index))
        return arg

    def pod_args(index):
        args = [local(a, index) for a in gen_args]
        args[args.index("--count") + 1] = str(COUNT)
        args[args.index("--seed") + 1] = str(SEED)
        return [SUDOKIT] + args

    check(gen_container["command"] == ["sudokit"], "generate-job.yaml runs sudokit")
    pods = []
    for k in range(n):
        pods.append(subprocess.Popen(pod_args(k), env=dict(os.environ, JOB_COMPLETION_INDEX=str(k)),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))
        if len(pods) >= 4:  # four at a time on this machine
            p = pods.pop(0)
            _, err = p.communicate()
            check(p.returncode == 0, f"a pod failed: {err}")
    for p in pods:
        _, err = p.communicate()
        check(p.returncode == 0, f"a pod failed: {err}")
    merge_container = manifests["merge-job.yaml"]["spec"]["template"]["spec"]["containers"][0]
    check(merge_container["command"] == ["sh", "-c"], "merge-job.yaml runs a shell command")
    script = local(merge_container["args"][0]).replace("exec sudokit", "exec '" + SUDOKIT + "'")
    merged = subprocess.run(["sh", "-c", script], capture_output=True, text=True)
    check(merged.returncode == 0, f"merge-job.yaml's command failed: {merged.stderr}")
    check(rows(os.path.join(data, "puzzles.db")) == expected, "Kubernetes: the merged store is not the whole run's")
finally:
    shutil.rmtree(work, ignore_errors=True)

if failures:
    print(f"{len(failures)} checks failed", file=sys.stderr)
    sys.exit(1)
print("sharded flow: Slurm and Kubernetes examples make exactly the whole run")
