// The npm package's benchmark (docs/BENCHMARKS.md, "npm package"): in one
// Node process, sudokit's WebAssembly engine and the npm Sudoku packages
// sudoku-gen, sudoku-core, sudoku and @algorithm.ts/sudoku, installed from
// the npm registry into a temporary folder (never into the repository):
//   * puzzles generated per second, per package and difficulty level;
//   * the share of those puzzles with exactly one solution (our solver);
//   * the SE ratings of each level's unique puzzles (our grader, which agrees
//     with Sukaku Explainer): does the package's order of levels match SE's?
// and sudokit's own figures: generating a medium puzzle (median of single
// calls), and grading the SE calibration set against the native command.
//   node web/bench/bench.mjs [--package build/web/package] [--bin build/release/tools/sudokit]
//                            [--seconds 2] [--rate 100] [--peers DIR]
// --peers reuses a folder where the peers are installed already.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const packageDir = path.resolve(arg('package', path.join(repo, 'build/web/package')));
const bin = path.resolve(arg('bin', path.join(repo, 'build/release/tools/sudokit')));
const seconds = Number(arg('seconds', '2'));
const rateCount = Number(arg('rate', '100'));

const sk = await import(pathToFileURL(path.join(packageDir, 'index.js')).href);
const engine = await sk.load();

// ---- The peers ------------------------------------------------------------------

let peersDir = arg('peers');
let tmp = null;
const PEERS = ['sudoku-gen', 'sudoku-core', 'sudoku', '@algorithm.ts/sudoku'];
if (!peersDir) {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sudokit-npm-peers-'));
  peersDir = tmp;
  fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'peers', version: '1.0.0', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', ...PEERS], { cwd: tmp, stdio: 'pipe' });
}
const require = createRequire(path.join(peersDir, 'package.json'));
const versionOf = (name) => JSON.parse(fs.readFileSync(path.join(peersDir, 'node_modules', name, 'package.json'), 'utf8')).version;

const fromArray = (cells, base) => cells.map((v) => (v === null || v === undefined || v < base ? '.' : String(v - base + 1))).join('');
const sudokuGen = require('sudoku-gen');
const sudokuCore = require('sudoku-core');
const dachev = require('sudoku');
const algorithm = require('@algorithm.ts/sudoku');
const creator = new algorithm.SudokuCreator({ childMatrixWidth: 3 });

// [package, level label, make() -> 81 characters]
const generators = [];
let seed = 1;
for (const level of ['easy', 'medium', 'hard', 'diabolical', 'expert'])
  generators.push([`sudokit ${engine.version}`, level, () => engine.generate({ level, seed: seed++ })[0].puzzle]);
for (const level of ['easy', 'medium', 'hard', 'expert'])
  generators.push([`sudoku-gen ${versionOf('sudoku-gen')}`, level, () => sudokuGen.getSudoku(level).puzzle.replace(/-/g, '.')]);
// (Its 'master' level is left out: three puzzles took over five minutes.)
for (const level of ['easy', 'medium', 'hard', 'expert'])
  generators.push([`sudoku-core ${versionOf('sudoku-core')}`, level, () => fromArray(sudokuCore.generate(level), 1)]);
generators.push([`sudoku ${versionOf('sudoku')}`, '(one level)', () => fromArray(dachev.makepuzzle(), 0)]);
for (const d of [0.2, 0.5, 0.8])
  generators.push([`@algorithm.ts/sudoku ${versionOf('@algorithm.ts/sudoku')}`, `difficulty ${d}`, () => fromArray(creator.createSudoku(d).puzzle, 0)]);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fmt = (x, d = 1) => (x === undefined || Number.isNaN(x) ? '-' : x.toFixed(d));

const rows = [];
for (const [name, level, make] of generators) {
  make();  // warm up
  const puzzles = [];
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000 || puzzles.length < 3) puzzles.push(make());
  const rate = puzzles.length / ((performance.now() - t0) / 1000);
  const sample = puzzles.slice(0, rateCount);
  const unique = sample.filter((p) => engine.countSolutions(p, 2) === 1);
  const ers = [];
  let unrated = 0;
  for (const p of unique) {
    const g = engine.grade(p, { steps: false, timeLimit: 20 });
    if (g.rated) ers.push(g.er);
    else ++unrated;
  }
  ers.sort((a, b) => a - b);
  rows.push({ name, level, rate, sample: sample.length, unique: unique.length, ers, unrated });
  process.stderr.write(`${name} ${level}: ${rate.toFixed(0)}/s\n`);
}

console.log(`Node ${process.versions.node}, ${os.cpus()[0].model}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC;`);
console.log(`each row: ${seconds} s of generation in one process, the first ${rateCount} puzzles checked and graded.\n`);
console.log('| package | level | puzzles/s | one solution | SE ER median | ER p10-p90 | not rated |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.name} | ${r.level} | ${r.rate >= 100 ? r.rate.toFixed(0) : r.rate.toFixed(1)} | ${r.unique}/${r.sample} | ` +
              `${fmt(quantile(r.ers, 0.5))} | ${fmt(quantile(r.ers, 0.1))}-${fmt(quantile(r.ers, 0.9))} | ${r.unrated} |`);

// ---- sudokit alone: a medium puzzle, and grading against the native command --------------

const times = [];
for (let s = 1; s <= 300; ++s) {
  const t = performance.now();
  engine.generate({ level: 'medium', seed: 1000 + s });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);

const calibration = fs.readFileSync(path.join(repo, 'data/se_rated_calibration.tsv'), 'utf8')
  .split('\n').slice(1).filter((l) => l.trim()).map((l) => l.split('\t')[0]);
const gradeRun = () => {
  const t = performance.now();
  for (const p of calibration) engine.grade(p, { steps: false });
  return (performance.now() - t) / 1000;
};
const nativeRun = () => {
  const t = performance.now();
  const r = spawnSync(bin, ['grade'], { input: calibration.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`native grade failed: ${r.stderr}`);
  return (performance.now() - t) / 1000;
};
const wasm = [gradeRun(), gradeRun(), gradeRun()].sort((a, b) => a - b)[1];
const native = [nativeRun(), nativeRun(), nativeRun()].sort((a, b) => a - b)[1];
console.log('');
console.log('| sudokit in Node | figure |');
console.log('|---|---|');
console.log(`| generate({ level: 'medium' }), one puzzle per call (300 seeds) | median ${fmt(quantile(times, 0.5), 2)} ms, p90 ${fmt(quantile(times, 0.9), 2)} ms |`);
console.log(`| grade the SE calibration set (${calibration.length} puzzles), median of 3 | ${(calibration.length / wasm).toFixed(0)} puzzles/s |`);
console.log(`| native \`sudokit grade\`, same set, same machine (one thread) | ${(calibration.length / native).toFixed(0)} puzzles/s |`);
console.log(`| WebAssembly / native | ${(native / wasm).toFixed(2)} |`);

if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
