// The npm package's variants (geometry and alphabet options on solve,
// countSolutions, check and generate; geometry()) against ground truth written here:
// the rules of each geometry checked on every solution, grids with one hole
// per row (exactly one solution), a unique classic puzzle under x (one
// solution when its classic solution keeps the diagonals, else none), and
// the library's messages for a bad spelling, alphabet or cell. Run by
// web/test.sh; needs SUDOKIT_WEB_PACKAGE (build/web/package).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const packageDir = process.env.SUDOKIT_WEB_PACKAGE;
assert.ok(packageDir && fs.existsSync(path.join(packageDir, 'dist/engine.js')), 'SUDOKIT_WEB_PACKAGE: the built package');
const sk = await import(pathToFileURL(path.join(packageDir, 'index.js')).href);
const engine = await sk.load();

const DIGITS = '123456789ABCDEFGHIJKLMNOP';
const JIGSAW6 = 'AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE';
const HARD = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

const boxes = (n, rows, cols) => Array.from({ length: n * n }, (_, i) => Math.floor(Math.floor(i / n) / rows) * (n / cols) + Math.floor((i % n) / cols));

/** The houses written out: rows, columns, regions, and the diagonals when x. */
function houses(n, region, x) {
  const hs = [];
  for (let r = 0; r < n; ++r) hs.push(Array.from({ length: n }, (_, c) => r * n + c));
  for (let c = 0; c < n; ++c) hs.push(Array.from({ length: n }, (_, r) => r * n + c));
  for (const k of new Set(region)) hs.push(region.flatMap((v, i) => (v === k ? [i] : [])));
  if (x) {
    hs.push(Array.from({ length: n }, (_, i) => i * n + i));
    hs.push(Array.from({ length: n }, (_, i) => i * n + n - 1 - i));
  }
  return hs;
}
function follows(grid, n, region, x = false) {
  if (typeof grid !== 'string' || grid.length !== n * n) return false;
  const want = DIGITS.slice(0, n).split('').sort().join('');
  return houses(n, region, x).every((h) => h.map((i) => grid[i]).sort().join('') === want);
}

const CASES = [
  { spelling: '4x4', n: 4, region: boxes(4, 2, 2) },
  { spelling: '6x6', n: 6, region: boxes(6, 2, 3) },
  { spelling: '16x16', n: 16, region: boxes(16, 4, 4) },
  { spelling: 'x', n: 9, region: boxes(9, 3, 3), x: true },
  { spelling: `jigsaw:${JIGSAW6}`, n: 6, region: JIGSAW6.split('') },
];

/** A full grid: a nearly empty grid's first solution is not given by solve(), so
 * the grid is filled cell by cell, each cell the first digit that keeps a solution. */
function fullGrid(spelling, n) {
  const g = Array(n * n).fill('.');
  for (let i = 0; i < n * n; ++i)
    for (const d of DIGITS.slice(0, n)) {
      g[i] = d;
      if (engine.countSolutions(g.join(''), 1, { geometry: spelling }) === 1) break;
    }
  return g.join('');
}

test('solve and countSolutions follow each geometry\'s rules', () => {
  for (const c of CASES) {
    const full = c.n === 16 ? sixteen() : fullGrid(c.spelling, c.n);
    assert.ok(follows(full, c.n, c.region, c.x), `${c.spelling}: ${full}`);
    const puzzle = full.split('').map((ch, i) => (i % c.n === (Math.floor(i / c.n) * 5 + 3) % c.n ? '.' : ch)).join('');
    assert.equal(engine.countSolutions(puzzle, 2, { geometry: c.spelling }), 1, c.spelling);
    assert.equal(engine.solve(puzzle, { geometry: c.spelling }), full, c.spelling);
    assert.equal(engine.countSolutions('.'.repeat(c.n * c.n), 2, { geometry: c.spelling }), 2, c.spelling);
    assert.deepEqual(engine.check(full, { geometry: c.spelling }), [], c.spelling);
    const swapped = full[1] + full[0] + full.slice(2);  // two cells of a row exchanged: their columns clash
    const broken = engine.check(swapped, { geometry: c.spelling });
    assert.ok(broken.includes(0) && broken.includes(1), `${c.spelling}: ${broken}`);
    assert.equal(engine.solve(swapped, { geometry: c.spelling }), null);
  }
});

/** A 16x16 grid by pattern: (4 * (r % 4) + floor(r / 4) + c) mod 16, a valid 4x4-box grid. */
function sixteen() {
  let s = '';
  for (let r = 0; r < 16; ++r) for (let c = 0; c < 16; ++c) s += DIGITS[(4 * (r % 4) + Math.floor(r / 4) + c) % 16];
  return s;
}

test('a unique classic puzzle under x keeps its solution or has none', () => {
  const s = engine.solve(HARD);
  const keeps = follows(s, 9, boxes(9, 3, 3), true);
  assert.equal(engine.countSolutions(HARD, 2, { geometry: 'x' }), keeps ? 1 : 0);
  assert.equal(engine.solve(HARD, { geometry: 'classic' }), s);
});

test('alphabets read and write the same digits', () => {
  const full = sixteen();
  const puzzle = full.split('').map((ch, i) => (i % 17 === 0 ? '.' : ch)).join('');
  for (const [alphabet, chars] of [['letters', 'ABCDEFGHIJKLMNOP'], ['hex', '0123456789ABCDEF']]) {
    const tr = (t) => t.split('').map((ch) => (ch === '.' ? ch : chars[DIGITS.indexOf(ch)])).join('');
    assert.equal(engine.solve(tr(puzzle).toLowerCase(), { geometry: '16x16', alphabet }), tr(full));
  }
});

test('check names the cells that break a rule', () => {
  const p = `5${'.'.repeat(79)}5`;
  assert.deepEqual(engine.check(p, { geometry: 'x' }), [0, 80]);
  assert.deepEqual(engine.check(p), []);
  const w = '.'.repeat(81).split('');
  w[10] = '7';  // r2c2 and r4c4: the top-left window
  w[30] = '7';
  assert.deepEqual(engine.check(w.join(''), { geometry: 'windows' }), [10, 30]);
});

test('geometry() gives what a page draws', () => {
  const x = engine.geometry('Windows,X');
  assert.equal(x.spelling, 'x,windows');
  assert.equal(x.size, 9);
  assert.deepEqual(x.extras.map((e) => e.rule), ['x', 'windows']);
  assert.deepEqual(x.houses[x.extras[0].houses[0]], [0, 10, 20, 30, 40, 50, 60, 70, 80]);
  assert.deepEqual(x.houses[x.extras[1].houses[0]], [10, 11, 12, 19, 20, 21, 28, 29, 30]);
  assert.equal(x.houses.length, 27 + 2 + 9);
  const j = engine.geometry(`jigsaw:${JIGSAW6}`);
  assert.deepEqual(j.regions, JIGSAW6.split('').map((ch) => 'ABCDEF'.indexOf(ch)));
  assert.equal(j.boxRows, 0);
  const six = engine.geometry('6x6');
  assert.deepEqual([six.boxRows, six.boxCols], [2, 3]);
  assert.deepEqual(six.regions, boxes(6, 2, 3));
  assert.equal(engine.geometry('nc').nonConsecutive, true);
});

test('errors carry the library\'s message and name the option', () => {
  const throwsWith = (f, message, option) => {
    assert.throws(f, (e) => {
      assert.ok(e instanceof sk.SudokitError, String(e));
      assert.equal(e.message.startsWith(message), true, e.message);
      assert.equal(e.option, option);
      return true;
    });
  };
  throwsWith(() => engine.geometry('x,wndows'), 'geometry:3: unknown rule "wndows"', 'geometry');
  throwsWith(() => engine.solve('.'.repeat(36), { geometry: '6x6,windows' }), 'geometry:5: "windows" is defined on 9x9 only (this grid is 6x6)', 'geometry');
  throwsWith(() => engine.solve(HARD, { geometry: '6x6' }), 'cells: 81 characters (expected 36, one per cell of 6x6)', undefined);
  throwsWith(() => engine.check(`17${'.'.repeat(34)}`, { geometry: '6x6' }), "cells:2: '7' is no digit of 6x6", undefined);
  throwsWith(() => engine.countSolutions(HARD, 2, { alphabet: 'roman' }), "alphabet: unknown 'roman' (expected digits, letters or hex)", 'alphabet');
  throwsWith(() => engine.solve('.'.repeat(625), { geometry: '25x25', alphabet: 'hex' }), 'alphabet: ', 'alphabet');
  throwsWith(() => engine.solve(HARD, { geometry: '' }), 'geometry: empty spelling', 'geometry');
  throwsWith(() => engine.solve(HARD, { geomtry: 'x' }), 'unknown option key "geomtry"', 'geomtry');
});

test('the worker takes the same options', async () => {
  const w = sk.createWorker();
  try {
    assert.deepEqual(await w.check(`5${'.'.repeat(79)}5`, { geometry: 'x', timeout: 60000 }), [0, 80]);
    assert.equal((await w.geometry('16x16')).size, 16);
    assert.equal(await w.countSolutions('.'.repeat(16), 2, { geometry: '4x4' }), 2);
  } finally {
    w.close();
  }
});

test('canonical and globalId are the same for an isomorph of the variant', () => {
  for (const [spelling, n] of [['x', 9], ['6x6', 6], ['16x16', 16]]) {
    const full = n === 16 ? sixteen() : fullGrid(spelling, n);
    const puzzle = full.split('').map((ch, i) => (i % 3 === 0 ? '.' : ch)).join('');
    const digits = DIGITS.slice(0, n);
    const relabel = (t) => t.split('').map((ch) => (ch === '.' ? ch : digits[(digits.indexOf(ch) + 1) % n])).join('');
    const rows = Array.from({ length: n }, (_, r) => puzzle.slice(r * n, (r + 1) * n));
    // Symmetries written out: X transposed (both diagonals kept), 6x6 the rows of a band swapped, 16x16 a band moved.
    const moved = spelling === 'x' ? Array.from({ length: n * n }, (_, i) => rows[i % n][Math.floor(i / n)]).join('')
      : spelling === '6x6' ? [rows[1], rows[0], ...rows.slice(2)].join('') : [...rows.slice(4), ...rows.slice(0, 4)].join('');
    const iso = relabel(moved);
    assert.notEqual(iso, puzzle);
    const o = { geometry: spelling };
    assert.equal(engine.canonical(iso, o), engine.canonical(puzzle, o), spelling);
    const id = engine.globalId(puzzle, o);
    assert.equal(engine.globalId(iso, o), id);
    assert.match(id, /^v[A-Za-z0-9_-]{16}$/);
    const first = puzzle.search(/[^.]/);
    assert.notEqual(engine.globalId(puzzle.slice(0, first) + '.' + puzzle.slice(first + 1), o), id);
  }
  assert.equal(engine.canonical(HARD, { geometry: 'classic' }), engine.canonical(HARD));
  assert.equal(engine.globalId(HARD).length, 16);
});

/** The test's own counter: plain backtracking over the houses written out (the
 * fewest-candidates cell first, candidates as bit sets), up to `limit`. */
function countByHouses(puzzle, n, hs, limit = 2) {
  const cells = puzzle.split('').map((ch) => (ch === '.' ? 0 : DIGITS.indexOf(ch) + 1));
  const sets = cells.map(() => new Set());
  for (const h of hs) for (const a of h) for (const b of h) if (a !== b) sets[a].add(b);
  const peers = sets.map((x) => [...x]);
  for (let a = 0; a < cells.length; ++a) for (const b of peers[a]) if (cells[a] && cells[a] === cells[b]) return 0;
  const full = (1 << (n + 1)) - 2;
  const popcount = (x) => { let k = 0; for (; x; x &= x - 1) ++k; return k; };
  let found = 0;
  const search = () => {
    let best = -1, bestFree = 0, bestCount = n + 1;
    for (let c = 0; c < cells.length; ++c) {
      if (cells[c]) continue;
      let used = 0;
      for (const p of peers[c]) used |= 1 << cells[p];
      const free = full & ~used;
      const k = popcount(free);
      if (k < bestCount) {
        [best, bestFree, bestCount] = [c, free, k];
        if (k === 0) return;
      }
    }
    if (best < 0) { ++found; return; }
    for (let d = 1; d <= n && found < limit; ++d) {
      if (!((bestFree >> d) & 1)) continue;
      cells[best] = d;
      search();
      cells[best] = 0;
    }
  };
  search();
  return found;
}

test('generate({ geometry }) makes unique minimal unrated puzzles of the variant', () => {
  const cases = [
    { spelling: 'X', canonical: 'x', n: 9, region: boxes(9, 3, 3), x: true },
    { spelling: '6x6', canonical: '6x6', n: 6, region: boxes(6, 2, 3) },
    { spelling: `jigsaw:${JIGSAW6}`, canonical: `jigsaw:${JIGSAW6}`, n: 6, region: JIGSAW6.split('') },
  ];
  for (const c of cases) {
    const hs = houses(c.n, c.region, c.x);
    const made = engine.generate({ geometry: c.spelling, seed: 47, count: 4 });
    assert.equal(made.length, 4);
    for (const p of made) {
      assert.equal(p.geometry, c.canonical);
      assert.equal(p.status, 'unrated (variant)');
      assert.equal(p.er, undefined);
      assert.equal(p.level, undefined);
      assert.equal(p.puzzle.length, c.n * c.n);
      assert.ok(follows(p.solution, c.n, c.region, c.x), p.solution);
      assert.ok([...p.puzzle].every((ch, i) => ch === '.' || ch === p.solution[i]), p.puzzle);
      assert.equal(p.clues, [...p.puzzle].filter((ch) => ch !== '.').length);
      assert.equal(countByHouses(p.puzzle, c.n, hs), 1, p.puzzle);
      for (let i = 0; i < p.puzzle.length; ++i)  // minimal: every clue is needed
        if (p.puzzle[i] !== '.') assert.equal(countByHouses(p.puzzle.slice(0, i) + '.' + p.puzzle.slice(i + 1), c.n, hs), 2, `${p.puzzle} clue ${i}`);
    }
  }
});

test('generate({ geometry }) gives the command\'s puzzles for the seed, in any alphabet', () => {
  const made = engine.generate({ geometry: 'x', seed: 2024, count: 4 });
  assert.equal(made.report.seed, 2024);
  const bin = process.env.SUDOKIT_BIN;
  assert.ok(bin && fs.existsSync(bin), 'SUDOKIT_BIN: the native sudokit command');
  const r = spawnSync(bin, ['generate', '--geometry', 'x', '--seed', '2024', '--count', '4', '--format', 'json'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const cli = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(made.map((p) => [p.puzzle, p.solution, p.status, p.geometry, p.clues]),
                   cli.map((j) => [j.puzzle, j.solution, j.status, j.geometry, j.clues]));
  const letters = engine.generate({ geometry: 'x', seed: 2024, count: 4, alphabet: 'letters' });
  const toLetters = (t) => t.replace(/[1-9]/g, (d) => 'ABCDEFGHI'[Number(d) - 1]);
  assert.deepEqual(letters.map((p) => p.puzzle), made.map((p) => toLetters(p.puzzle)));
  // The classic by name is the classic run, graded as before.
  const [named] = engine.generate({ geometry: 'classic', seed: 3 });
  const [plain] = engine.generate({ seed: 3 });
  assert.equal(named.puzzle, plain.puzzle);
  assert.equal(typeof plain.er, 'number');
  assert.equal(plain.status, undefined);
});

test('generate({ geometry }) names a bad geometry, alphabet or rating option', () => {
  const throwsAt = (options, key, words) => assert.throws(() => engine.generate({ seed: 1, ...options }), (e) => {
    assert.equal(e.name, 'SudokitError');
    assert.equal(e.option, key, e.message);
    assert.ok(e.message.includes(words), e.message);
    return true;
  });
  throwsAt({ geometry: 'x,wndows' }, 'geometry', 'geometry:3: unknown rule "wndows"');
  throwsAt({ geometry: '4x4,anti-king' }, 'geometry', 'has no valid grid');
  throwsAt({ geometry: 'x', alphabet: 'roman' }, 'alphabet', "alphabet: unknown 'roman'");
  throwsAt({ geometry: '25x25', alphabet: 'hex' }, 'alphabet', 'alphabet: ');
  throwsAt({ geometry: '6x6', clues: 40 }, 'clues', 'clues must be 1 to 35 for 6x6');
  throwsAt({ geometry: 'x', digOrder: 'sparse-digits' }, 'digOrder', 'random');
  for (const [key, value] of [['grade', true], ['level', 'hard'], ['levels', 'easy:1,hard:4'], ['minRating', 3], ['maxRating', 5],
                              ['requireTechniques', ['x-wing']], ['hardestTechnique', 'x-wing'], ['search', 4], ['searchKeep', 3],
                              ['strategy', 'dig']])
    throwsAt({ geometry: 'x', [key]: value }, key, 'puzzles of x have none yet (unrated (variant)');
});
