// The npm package against ground truth: the native `sudokit` command (same
// seed, same puzzles and ratings; same error messages), Sudoku Explainer's
// ratings of the calibration set, the rules (solutions, hints played to the
// end), canonical forms under random transforms, and the worker's
// cancellation. Run by web/test.sh with node --test; needs
//   SUDOKIT_WEB_PACKAGE  the built package (build/web/package)
//   SUDOKIT_BIN          the native command (build/release/tools/sudokit)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const packageDir = process.env.SUDOKIT_WEB_PACKAGE;
const bin = process.env.SUDOKIT_BIN;
assert.ok(packageDir && fs.existsSync(path.join(packageDir, 'dist/engine.js')), 'SUDOKIT_WEB_PACKAGE: the built package');
assert.ok(bin && fs.existsSync(bin), 'SUDOKIT_BIN: the native sudokit command');
const sk = await import(pathToFileURL(path.join(packageDir, 'index.js')).href);
const engine = await sk.load();

/** Runs the native command; returns { status, stdout, stderr }. */
function cli(args, input = '') {
  const r = spawnSync(bin, args, { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
/** The command's message for a bad request: the "<stdin>:N: " line of a bad
 * record, else its last "sudokit CMD: " line, without that prefix. */
function cliMessage(args, input = '') {
  const r = cli(args, input);
  assert.notEqual(r.status, 0, `sudokit ${args.join(' ')} should fail`);
  const lines = r.stderr.split('\n');
  const line = lines.find((l) => /^<stdin>:\d+: /.test(l)) ?? lines.filter((l) => /^sudokit [a-z]+: /.test(l)).pop();
  assert.ok(line, `no message in: ${r.stderr}`);
  return line.replace(/^(sudokit [a-z]+: |<stdin>:\d+: )/, '');
}

const calibration = fs.readFileSync(path.join(repo, 'data/se_rated_calibration.tsv'), 'utf8')
  .split('\n').slice(1).filter((l) => l.trim()).map((l) => {
    const [puzzle, er, ep, ed] = l.split('\t');
    return { puzzle, er: Number(er), ep: Number(ep), ed: Number(ed) };
  });

test('the same seed and options give the native command\'s puzzles and ratings', () => {
  const cases = [
    { js: { seed: 7, count: 12 }, args: ['--seed', '7', '-n', '12'] },
    { js: { seed: 11, count: 6, level: 'medium' }, args: ['--seed', '11', '-n', '6', '--level', 'medium'] },
    { js: { seed: 5, count: 4, level: 'hard', symmetry: 'rot180' }, args: ['--seed', '5', '-n', '4', '--level', 'hard', '--symmetry', 'rot180'] },
    { js: { seed: '18446744073709551615', count: 3, clues: 30 }, args: ['--seed', '18446744073709551615', '-n', '3', '--clues', '30'] },
    { js: { seed: 9, count: 3, minRating: 6, maxRating: 7.5 }, args: ['--seed', '9', '-n', '3', '--min-rating', '6', '--max-rating', '7.5'] },
    { js: { seed: 2, count: 4, method: 'box-permutation', scramble: true, symmetry: 'random' },
      args: ['--seed', '2', '-n', '4', '--method', 'box-permutation', '--scramble', '--symmetry', 'random'] },
  ];
  for (const c of cases) {
    const r = cli(['generate', '--format', 'json', '--grade', '--threads', '1', ...c.args]);
    assert.equal(r.status, 0, r.stderr);
    const native = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const ours = engine.generate(c.js);
    assert.equal(ours.length, native.length, JSON.stringify(c.js));
    ours.forEach((p, i) => {
      const n = native[i];
      assert.equal(p.puzzle, n.puzzle, `${JSON.stringify(c.js)} #${i}`);
      assert.deepEqual([p.er, p.ep, p.ed, p.level, p.hardest, p.clues, p.symmetry, p.minimal],
                       [n.er, n.ep, n.ed, n.level, n.hardest, n.clues, n.symmetry, n.minimal]);
      assert.equal(engine.countSolutions(p.puzzle), 1);
      assert.equal(engine.solve(p.puzzle), p.solution);
    });
  }
});

test('grades agree with Sudoku Explainer on the calibration set', () => {
  // Every 8th puzzle, all ratings (the grader's own suites check them all).
  const sample = calibration.filter((_, i) => i % 8 === 0);
  assert.ok(sample.length > 200);
  for (const c of sample) {
    const g = engine.grade(c.puzzle, { steps: false });
    assert.equal(g.status, 'rated', c.puzzle);
    assert.deepEqual([g.er, g.ep, g.ed], [c.er, c.ep, c.ed], c.puzzle);
  }
});

test('a grade carries its solution path, checked against the solution', () => {
  const c = calibration.find((x) => x.er >= 7.0 && x.er < 8);
  const g = engine.grade(c.puzzle);
  const solution = engine.solve(c.puzzle);
  assert.equal(g.solution, solution);
  assert.equal(g.steps.length, g.stepCount);
  for (const s of g.steps) {
    if (s.placeCell >= 0) assert.equal(Number(solution[s.placeCell]), s.placeDigit, s.text);
    for (const e of s.eliminations) assert.notEqual(Number(solution[e.cell]), e.digit, s.text);
  }
  assert.equal(Math.max(...g.steps.map((s) => s.rating)), g.er);
});

// Plays a puzzle to the end using only hints: placements are entered,
// eliminations are made on the marks (filled from the grid the first time).
// `careless`: as an app that leaves its marks as they are after a placement
// (the next hint removes them) and sends no marks for filled cells.
function playWithHints(puzzle, hint, careless = false) {
  const solution = engine.solve(puzzle);
  const entries = [...'.'.repeat(81)];
  let marks = null;
  const grid = () => [...puzzle].map((g, i) => (g !== '.' && g !== '0' ? g : entries[i]));
  const candidatesOf = (cells, cell) => {
    const used = new Set();
    for (let j = 0; j < 81; ++j) {
      const same = Math.floor(j / 9) === Math.floor(cell / 9) || j % 9 === cell % 9 ||
                   (Math.floor(j / 27) === Math.floor(cell / 27) && Math.floor((j % 9) / 3) === Math.floor((cell % 9) / 3));
      if (same && cells[j] !== '.') used.add(cells[j]);
    }
    return '123456789'.split('').filter((d) => !used.has(d)).join('');
  };
  for (let steps = 0; steps < 500; ++steps) {
    const position = { givens: puzzle, entries: entries.join('') };
    if (marks) {
      const cells = grid();  // a filled cell's marks: its digit, or none
      position.marks = marks.map((m, j) => [...'123456789'].map((d) => ((cells[j] === '.' ? m : careless ? '' : cells[j]).includes(d) ? d : '.')).join('')).join('');
    }
    const h = hint(position);
    if (h.status === 'solved') return steps;
    assert.equal(h.status, 'hint', JSON.stringify(h));
    const s = h.step;
    if (s.placeCell >= 0) {
      assert.equal(Number(solution[s.placeCell]), s.placeDigit, s.text);
      entries[s.placeCell] = String(s.placeDigit);
      if (marks && !careless) {
        // The placed digit leaves the marks of the cell's houses.
        const cells = grid();
        for (let j = 0; j < 81; ++j) if (cells[j] === '.') marks[j] = [...marks[j]].filter((d) => candidatesOf(cells, j).includes(d)).join('');
      }
    } else {
      if (!marks) {
        const cells = grid();
        marks = cells.map((v, j) => (v === '.' ? candidatesOf(cells, j) : ''));
      }
      assert.ok(s.eliminations.length > 0, s.text);
      for (const e of s.eliminations) {
        assert.notEqual(Number(solution[e.cell]), e.digit, s.text);
        marks[e.cell] = marks[e.cell].replace(String(e.digit), '');
      }
    }
  }
  assert.fail('the hints did not solve the puzzle in 500 steps');
}

test('hints play puzzles to the end, every step true to the solution', () => {
  const hard = calibration.filter((c) => c.er >= 6.5 && c.er <= 7.2).slice(0, 2);
  for (const p of [...engine.generate({ seed: 4, count: 2, level: 'hard' }).map((x) => x.puzzle), ...hard.map((c) => c.puzzle)]) {
    const steps = playWithHints(p, (position) => engine.hint(position));
    assert.ok(steps > 10);
  }
});

// Issue #45: marks a placed digit rules out come off first (a basic
// elimination), never a step built on them: the stray 9 in r1c2 of this
// puzzle (r1c1 is a given 9) gave "r1c2=9 hidden single in box 1".
test('marks a placed digit rules out come off first, as in the command', () => {
  const givens = '9.5...2..7....9......74...16....2.5.....9.6....85.......1...9...2..1..7..9...85.6';
  const sees = (a, b) => a !== b && (Math.floor(a / 9) === Math.floor(b / 9) || a % 9 === b % 9 ||
    (Math.floor(a / 27) === Math.floor(b / 27) && Math.floor((a % 9) / 3) === Math.floor((b % 9) / 3)));
  const marks = [...Array(81).keys()].map((c) => [...'123456789'].map((d) =>
    givens[c] === '.' && ((c === 1 && d === '9') || ![...Array(81).keys()].some((j) => sees(c, j) && givens[j] === d)) ? d : '.').join('')).join('');
  const h = engine.hint({ givens, marks });
  assert.equal(h.status, 'hint', JSON.stringify(h));
  assert.equal(h.technique.key, 'basic-elimination');
  assert.equal(h.technique.rating, 0);
  assert.equal(h.step.placeCell, -1);
  assert.deepEqual(h.step.eliminations.map((e) => [e.cell, e.digit]), [[1, 9]]);
  // The peer that rules the mark out: named in the text, drawn as a weak link.
  assert.equal(h.step.text, 'r1c2<>9 basic elimination: r1c1 is 9');
  assert.deepEqual(h.drawing.links, [{ from: { cell: 0, digit: 9, on: true }, to: { cell: 1, digit: 9, on: false }, kind: 'weak' }]);
  const r = cli(['hint', '--format', 'json'], `${givens} ${marks}\n`);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(!r.stdout.includes('"cell":"r1c2","digit":9}],"text":"r1c2=9'), r.stdout);
  assert.equal(JSON.parse(r.stdout).step.text, h.step.text);
  // Marks never narrowed: the basic elimination, not a search until the time limit.
  assert.equal(engine.hint({ givens, marks: '123456789'.repeat(81) }).technique.key, 'basic-elimination');
  // Clashing entries are mistakes when the givens have one solution.
  const m = engine.hint({ givens, entries: '.9' + '.'.repeat(79) });
  assert.equal(m.status, 'mistakes', JSON.stringify(m));
  assert.deepEqual(m.mistakes.map((x) => [x.cell, x.digit, x.solutionDigit]), [[1, 9, 8]]);
  // Played to the end by an app that never cleans its marks: every step true to the solution.
  assert.ok(playWithHints(givens, (position) => engine.hint(position), true) > 10);
});

test('a hint reveals step by step, and mistakes come first', () => {
  const [p] = engine.generate({ seed: 8, level: 'easy' });
  const area = engine.hint(p.puzzle, { reveal: 'area' });
  assert.equal(area.status, 'hint');
  assert.ok(area.area.houses.length + area.area.cells.length > 0);
  assert.equal(area.technique, undefined);
  assert.equal(area.step, undefined);
  const technique = engine.hint({ givens: p.puzzle }, { reveal: 'technique' });
  assert.ok(technique.technique.name.length > 0 && technique.step === undefined);
  const step = engine.hint({ givens: p.puzzle });
  assert.deepEqual(step.area, area.area);
  assert.ok(step.drawing.placed.length === 1 || step.drawing.eliminated.length > 0);
  // A wrong entry.
  // A digit no given rules out, but not the solution's.
  let cell = -1, wrong = 0;
  for (let c = 0; c < 81 && !wrong; ++c) {
    if (p.puzzle[c] !== '.') continue;
    for (let d = 1; d <= 9 && !wrong; ++d) {
      const entries = [...'.'.repeat(81)];
      entries[c] = String(d);
      if (d !== Number(p.solution[c]) && engine.countSolutions(p.puzzle.slice(0, c) + d + p.puzzle.slice(c + 1), 1) === 0 &&
          engine.hint({ givens: p.puzzle, entries: entries.join('') }).status !== 'invalid-position') {
        cell = c;
        wrong = d;
      }
    }
  }
  assert.ok(wrong > 0);
  const entries = [...'.'.repeat(81)];
  entries[cell] = String(wrong);
  const m = engine.hint({ givens: p.puzzle, entries: entries.join('') });
  assert.equal(m.status, 'mistakes');
  assert.deepEqual([m.mistakes[0].cell, m.mistakes[0].digit, m.mistakes[0].solutionDigit], [cell, wrong, Number(p.solution[cell])]);
  // The hint's text forms: the same hint from the command.
  const r = cli(['hint', '--format', 'json'], p.puzzle + '\n');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).step.text, step.step.text);
});

test('canonical forms are the same under random transforms', () => {
  const rnd = (n) => Math.floor(Math.random() * n);
  const shuffle = (a) => { for (let i = a.length - 1; i > 0; --i) { const j = rnd(i + 1); [a[i], a[j]] = [a[j], a[i]]; } return a; };
  for (const c of calibration.slice(0, 40)) {
    const bands = shuffle([0, 1, 2]), stacks = shuffle([0, 1, 2]);
    const rows = bands.flatMap((b) => shuffle([0, 1, 2]).map((r) => b * 3 + r));
    const cols = stacks.flatMap((s) => shuffle([0, 1, 2]).map((x) => s * 3 + x));
    const digits = ['0', ...shuffle(['1', '2', '3', '4', '5', '6', '7', '8', '9'])];
    const transpose = Math.random() < 0.5;
    let t = '';
    for (let r = 0; r < 9; ++r) for (let x = 0; x < 9; ++x) {
      const [rr, cc] = transpose ? [cols[x], rows[r]] : [rows[r], cols[x]];
      const v = c.puzzle[rr * 9 + cc];
      t += v === '.' ? '.' : digits[Number(v)];
    }
    assert.equal(engine.canonical(t), engine.canonical(c.puzzle));
    assert.equal(engine.grade(t, { steps: false }).er, c.er);
  }
});

test('bad text throws the command\'s message and leaves the module working', () => {
  const cases = [
    [() => engine.grade('12345'), ['grade'], '12345\n'],
    [() => engine.solve('1234567.9'), ['solve'], '1234567.9\n'],
    [() => engine.solve('1234567x9'), ['solve'], '1234567x9\n'],
    [() => engine.canonical('1.2.3' + 'x'.repeat(76)), ['canon'], '1.2.3' + 'x'.repeat(76) + '\n'],
    [() => engine.hint('12'), ['hint'], '12\n'],
  ];
  for (const [call, args, input] of cases) {
    const expected = cliMessage(args, input);
    assert.throws(call, (e) => {
      assert.ok(e instanceof sk.SudokitError && e instanceof Error);
      assert.equal(e.message, expected, args.join(' '));
      assert.equal(e.option, undefined, args.join(' '));
      return true;
    });
  }
  assert.throws(() => engine.grade(42), sk.SudokitError);
  assert.throws(() => engine.hint({ entries: '1'.repeat(81) }), sk.SudokitError);
  // Still working.
  assert.equal(engine.generate({ seed: 1 }).length, 1);
});

// Every option of every call with a bad value (or a bad key): the error
// names the option by its key, in SudokitError.option and in the message,
// and never by a command-line --flag.
test('a bad option is named by its key, never as a command-line flag', () => {
  const hard = calibration[0].puzzle;
  const pattern16 = 'x'.repeat(16) + '.'.repeat(65);
  const generate = (o) => () => engine.generate({ seed: 1, ...o });
  const cases = [
    [generate({ count: 0 }), 'count', 'count must be from 1 to 1000000000000'],
    [generate({ count: 1.5 }), 'count', 'count must be a whole number (found 1.5)'],
    [generate({ seed: -3 }), 'seed', 'seed must be a whole number from 0 to 18446744073709551615 (found -3)'],
    [generate({ method: 'magic' }), 'method', "unknown method 'magic' (expected backtrack, box-permutation, digit-box or relabel)"],
    [generate({ scramble: 1 }), 'scramble', 'scramble must be true or false (found 1)'],
    [generate({ base: '123' }), 'base', 'base must be a complete valid grid of 81 digits'],
    [generate({ symmetry: 'spiral' }), 'symmetry', "unknown symmetry 'spiral'"],
    [generate({ clues: 5 }), 'clues', 'clues must be 17 to 80 (or 0 for a minimal puzzle)'],
    [generate({ clues: 30, minimal: true }), 'clues', 'clues and minimal exclude each other'],
    [generate({ minimal: 'yes' }), 'minimal', 'minimal must be true or false'],
    [generate({ verifyMinimal: 0 }), 'verifyMinimal', 'verifyMinimal must be true or false'],
    [generate({ pattern: pattern16 }), 'pattern', 'pattern: 16 clues; no puzzle with one solution has fewer than 17'],
    [generate({ pattern: 'xx' }), 'pattern', 'pattern: '],
    [generate({ digOrder: 'inside-out' }), 'digOrder', "unknown digOrder 'inside-out' (expected random or sparse-digits)"],
    [generate({ maxAttempts: 2e6 }), 'maxAttempts', 'maxAttempts must be from 1 to 1000000'],
    [generate({ grade: 'no' }), 'grade', 'grade must be true or false'],
    [generate({ level: 'expret' }), 'level', "unknown level 'expret' (expected easy, medium, hard, diabolical, expert, extreme, nightmare)"],
    [generate({ levels: 'easy' }), 'levels', 'levels: '],
    [generate({ minRating: 25 }), 'minRating', 'minRating must be from 0 to 20'],
    [generate({ maxRating: -1 }), 'maxRating', 'maxRating must be from 1 to 20'],
    [generate({ minRating: 5, maxRating: 3 }), 'minRating', 'the rating range is empty (minRating above maxRating, or outside level)'],
    [generate({ requireTechniques: ['bogus'] }), 'requireTechniques', "requireTechniques: unknown technique 'bogus'"],
    [generate({ requireTechniques: [3] }), 'requireTechniques', 'requireTechniques must be a string or an array of strings'],
    [generate({ hardestTechnique: 'bogus' }), 'hardestTechnique', "hardestTechnique: unknown technique 'bogus'"],
    [generate({ strategy: 'hill' }), 'strategy', "unknown strategy 'hill' (expected dig or climb)"],
    [generate({ strategy: 'climb' }), 'strategy', 'strategy climb climbs the rating: it needs minRating (or level)'],
    [generate({ search: 4 }), 'search', 'search needs a target (minRating, maxRating, level, requireTechniques or hardestTechnique)'],
    [generate({ search: -7 }), 'search', 'search must be from 0 to 1000000'],
    [generate({ searchKeep: 0 }), 'searchKeep', 'searchKeep must be from 1 to 1000'],
    [generate({ timeLimit: -5 }), 'timeLimit', 'timeLimit must be from 0 (no limit) to 100000000 seconds'],
    [generate({ timeLimit: 1e9 }), 'timeLimit', 'timeLimit must be from 0 (no limit) to 100000000 seconds'],
    [generate({ levle: 'expert' }), 'levle', 'unknown option key "levle"'],
    [() => engine.grade(hard, { steps: 1 }), 'steps', 'steps must be true or false'],
    [() => engine.grade(hard, { levels: 'easy' }), 'levels', 'levels: '],
    [() => engine.grade(hard, { timeLimit: -1 }), 'timeLimit', 'timeLimit must be from 0 (no limit) to 100000000 seconds'],
    [() => engine.grade(hard, { maxSteps: 0 }), 'maxSteps', 'maxSteps must be a whole number from 1 to 1000000'],
    [() => engine.grade(hard, { maxStep: 10 }), 'maxStep', 'unknown option key "maxStep"'],
    [() => engine.hint(hard, { reveal: 'areaa' }), 'reveal', "unknown reveal 'areaa' (expected area, technique or step)"],
    [() => engine.hint(hard, { timeLimit: 1e9 }), 'timeLimit', 'timeLimit must be from 0 (no limit) to 100000000 seconds'],
    [() => engine.hint(hard, { revael: 'area' }), 'revael', 'unknown option key "revael"'],
    [() => engine.countSolutions(hard, 0), 'limit', 'limit must be a whole number from 1 to 1000000000'],
  ];
  for (const [call, key, words] of cases) {
    assert.throws(call, (e) => {
      assert.ok(e instanceof sk.SudokitError, `${key}: ${e}`);
      assert.equal(e.option, key, e.message);
      assert.ok(e.message.includes(words), `${key}: "${e.message}" lacks "${words}"`);
      assert.ok(e.message.includes(key), `${key}: "${e.message}"`);
      assert.ok(!e.message.includes('--'), `${key}: "${e.message}"`);
      return true;
    });
  }
  assert.equal(engine.generate({ seed: 1 }).length, 1);
});

// countSolutions' limit is checked by the engine alone (engine.cpp): the
// message a JS user sees, sync and through the worker, is the engine's own,
// word for word, for every kind of bad value.
test('a bad solution limit throws the engine\'s own message', async () => {
  const raw = await (await import(pathToFileURL(path.join(packageDir, 'dist/engine.js')).href)).default();
  const hard = calibration[0].puzzle;
  const worker = sk.createWorker();
  try {
    for (const limit of [0, -1, 1.5, 1e9 + 1, 2 ** 40, NaN, Infinity, '3', null, true]) {
      const r = raw.solve(hard, limit, null, 'digits');
      assert.equal(r.option, 'limit', `${String(limit)}: ${JSON.stringify(r)}`);
      assert.equal(r.error, `limit must be a whole number from 1 to 1000000000 (found ${String(limit)})`);
      for (const call of [() => engine.countSolutions(hard, limit), () => engine.countSolutions(hard, limit, { geometry: 'classic' })])
        assert.throws(call, (e) => e instanceof sk.SudokitError && e.option === 'limit' && e.message === r.error, String(limit));
      await assert.rejects(worker.countSolutions(hard, limit), (e) => e.option === 'limit' && e.message === r.error, String(limit));
    }
    assert.equal(engine.countSolutions(hard, 1e9), 1);
    assert.equal(raw.solve(hard, 1e9, null, 'digits').count, 1);
  } finally {
    worker.close();
  }
});

test('without a seed the library draws a fresh one, given back to repeat the run', () => {
  const a = engine.generate({ count: 2 });
  const b = engine.generate({ count: 2 });
  assert.notEqual(String(a.report.seed), String(b.report.seed));
  assert.notDeepEqual(a.map((p) => p.puzzle), b.map((p) => p.puzzle));
  for (const p of a) assert.equal(p.seed, a.report.seed);
  const again = engine.generate({ count: 2, seed: a.report.seed });
  assert.deepEqual(again.map((p) => p.puzzle), a.map((p) => p.puzzle));
  assert.equal(again.report.seed, a.report.seed);
  const r = cli(['generate', '--count', '2', '--grade', '--seed', String(a.report.seed)]);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n').map((l) => l.split(/\s/)[0]), a.map((p) => p.puzzle));
});

test('a time limit bounds a call, and the promise API gives the same answers', async () => {
  const t0 = Date.now();
  const e = (() => { try { engine.generate({ seed: 1, minRating: 11, timeLimit: 1 }); } catch (x) { return x; } })();
  assert.ok(e instanceof sk.SudokitError);
  assert.equal(e.message, cliMessage(['generate', '--seed', '1', '-n', '1', '--min-rating', '11', '--time-limit', '1', '--threads', '1']));
  assert.ok(Array.isArray(e.puzzles));
  assert.ok(Date.now() - t0 < 4000);
  const [p] = await sk.generate({ seed: 3 });
  assert.equal(p.puzzle, engine.generate({ seed: 3 })[0].puzzle);
  assert.equal((await sk.grade(p.puzzle)).er, p.er);
  assert.equal(await sk.solve(p.puzzle), p.solution);
  assert.equal(await sk.countSolutions('.'.repeat(81), 5), 5);
  assert.equal(await sk.canonical(p.puzzle), engine.canonical(p.puzzle));
  assert.ok((await sk.techniques()).some((t) => t.key === 'x-wing'));
  assert.match(await sk.version(), /^\d+\.\d+\.\d+$/);
});

test('a worker runs the calls and cancels a long one', async () => {
  const w = sk.createWorker();
  try {
    const [p] = await w.generate({ seed: 3 });
    assert.equal(p.puzzle, engine.generate({ seed: 3 })[0].puzzle);
    assert.equal((await w.grade(p.puzzle)).er, p.er);
    // A search for a rare target, cancelled by an AbortSignal.
    const ac = new AbortController();
    const t0 = Date.now();
    const long = w.generate({ seed: 1, minRating: 11, count: 5, signal: ac.signal });
    setTimeout(() => ac.abort(), 300);
    await assert.rejects(long, (e) => e.name === 'AbortError');
    assert.ok(Date.now() - t0 < 3000);
    // And by a timeout; the worker is replaced, later calls go on.
    await assert.rejects(w.generate({ seed: 1, minRating: 11, count: 5, timeout: 300 }), /timed out after 300 ms/);
    assert.equal(await w.solve(p.puzzle), p.solution);
    await assert.rejects(w.generate({ level: 'foo' }), (e) => e instanceof sk.SudokitError && e.option === 'level');
    const many = await w.generate({ seed: 5, count: 3 });
    assert.equal(many.report.accepted, 3);
  } finally {
    w.close();
  }
});
