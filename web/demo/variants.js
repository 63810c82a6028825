// The page's variants (issue #47): X, windoku, jigsaw, 6x6 and 16x16. A
// variant opens on its first built-in puzzle (puzzles.js, made with
// sudokit's own solver by tools/web/variant_puzzles.py: what plays before
// the engine has generated anything, and "Next puzzle" steps through the
// set); "New puzzle" has the engine generate one (generate({ geometry }),
// in the page's worker: unique, minimal, unrated (variant)). Everything
// about the rules comes from the engine: geometry() says what to draw
// (regions for the thick borders, the diagonals and windows to shade),
// check() flags each entry that breaks a rule of the geometry, solve() gives
// the solution for Check and Solve. Hints are classic-only until issue #48.
import { VARIANTS } from './puzzles.js';

// The engine's default alphabet (docs/VARIANTS.md): 1-9 then A-P.
const DIGITS = '123456789ABCDEFGHIJKLMNOP';

export { VARIANTS };

/** The variant player on the page's #variant-play section; engine is the page's worker. */
export function createVariantPlay(engine, $, nextSeed = () => null) {
  const state = {
    variant: null, geometry: null, n: 0, index: 0, puzzle: '', entries: [], selected: 0,
    clash: new Set(), wrong: new Set(), solution: null, solved: false, checking: 0,
  };
  const cells = [];

  const value = (c) => (state.puzzle[c] !== '.' ? state.puzzle[c] : state.entries[c]);
  const grid = () => Array.from({ length: state.n * state.n }, (_, c) => value(c) || '.').join('');
  const name = (c) => `r${Math.floor(c / state.n) + 1}c${(c % state.n) + 1}`;

  function status(text, s) {
    $('vstatus').textContent = text;
    $('vstatus').dataset.state = s;
  }

  /** Draws the board of the geometry: N x N cells, thick borders between
   * regions, the x diagonals and the four windows shaded. */
  function draw(g) {
    const board = $('vboard');
    board.innerHTML = '';
    cells.length = 0;
    const n = g.size;
    board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    board.style.gridTemplateRows = `repeat(${n}, 1fr)`;
    board.dataset.size = String(n);
    board.dataset.geometry = g.spelling;
    const shade = new Map();  // cell -> class
    for (const e of g.extras) {
      const hs = e.rule === 'windows' ? e.houses.slice(0, 4) : e.houses;  // the four windows, not the regions they imply
      const cls = e.rule === 'x' ? 'diag' : e.rule === 'windows' ? 'window' : 'extra';
      for (const h of hs) for (const c of g.houses[h]) shade.set(c, cls);
    }
    for (let c = 0; c < n * n; ++c) {
      const el = document.createElement('div');
      el.className = 'vcell';
      el.dataset.vcell = String(c);
      el.setAttribute('role', 'gridcell');
      const r = Math.floor(c / n), q = c % n;
      if (q < n - 1 && g.regions[c] !== g.regions[c + 1]) el.classList.add('edge-right');
      if (r < n - 1 && g.regions[c] !== g.regions[c + n]) el.classList.add('edge-bottom');
      if (shade.has(c)) el.classList.add(shade.get(c));
      el.addEventListener('click', () => select(c));
      board.appendChild(el);
      cells.push(el);
    }
    const pad = $('vpad');
    pad.innerHTML = '';
    pad.style.gridTemplateColumns = `repeat(${n <= 9 ? n + 1 : 9}, minmax(0, 1fr))`;
    for (const d of DIGITS.slice(0, n)) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.digit = d;
      b.textContent = d;
      b.addEventListener('click', () => enter(d));
      pad.appendChild(b);
    }
    const erase = document.createElement('button');
    erase.type = 'button';
    erase.id = 'verase';
    erase.textContent = 'Erase';
    erase.addEventListener('click', () => enter(''));
    pad.appendChild(erase);
  }

  function render() {
    const sel = state.selected;
    for (let c = 0; c < cells.length; ++c) {
      const el = cells[c];
      const v = value(c);
      el.textContent = v || '';
      el.classList.toggle('given', state.puzzle[c] !== '.');
      el.classList.toggle('entry', state.puzzle[c] === '.' && !!v);
      el.classList.toggle('selected', c === sel);
      el.classList.toggle('same', !!v && c !== sel && v === value(sel));
      el.classList.toggle('clash', state.clash.has(c));
      el.classList.toggle('wrong', state.wrong.has(c));
      el.setAttribute('aria-label', `${name(c)} ${v || 'empty'}`);
    }
    $('vboard').classList.toggle('solved', state.solved);
  }

  function select(c) {
    state.selected = c;
    render();
  }

  /** Asks the engine which placed digits break a rule of the geometry. */
  async function checkRules() {
    const ticket = ++state.checking;
    const g = grid();
    const bad = await engine.check(g, { geometry: state.geometry.spelling });
    if (ticket !== state.checking) return;  // a later entry's check is on its way
    state.clash = new Set(bad);
    const full = !g.includes('.');
    if (bad.length) {
      status(`${bad.map(name).join(', ')}: breaks a rule of ${state.variant.label}.`, 'clash');
    } else if (full) {
      state.solved = true;
      status('Solved!', 'solved');
    } else {
      status('No rule broken so far.', 'playing');
    }
    render();
  }

  function enter(d) {
    const c = state.selected;
    if (!state.variant || state.solved || state.puzzle[c] !== '.') return;
    state.entries[c] = state.entries[c] === d ? '' : d;
    state.wrong = new Set();
    render();
    return checkRules();
  }

  async function solution() {
    state.solution ??= await engine.solve(state.puzzle, { geometry: state.geometry.spelling });
    return state.solution;
  }

  /** Entries that differ from the engine's solution. */
  async function check() {
    const s = await solution();
    state.wrong = new Set();
    for (let c = 0; c < state.puzzle.length; ++c) if (state.entries[c] && state.entries[c] !== s[c]) state.wrong.add(c);
    $('vmessage').textContent = state.wrong.size
      ? `${state.wrong.size} wrong: ${[...state.wrong].map(name).join(', ')}`
      : 'No mistakes so far.';
    render();
  }

  async function solve() {
    const s = await solution();
    for (let c = 0; c < s.length; ++c) if (state.puzzle[c] === '.') state.entries[c] = s[c];
    state.wrong = new Set();
    render();
    await checkRules();
  }

  /** Plays `puzzle` (with its `solution` when known) of variant `v`; `title` says where it came from. */
  async function play(v, puzzle, solution, title) {
    state.variant = v;
    state.geometry = await engine.geometry(v.geometry);
    state.n = state.geometry.size;
    state.puzzle = puzzle;
    state.entries = Array(state.n * state.n).fill('');
    Object.assign(state, { selected: 0, clash: new Set(), wrong: new Set(), solution, solved: false });
    draw(state.geometry);
    $('vmessage').textContent = '';
    $('vtitle').textContent = `${v.label} · ${title} · ${[...puzzle].filter((ch) => ch !== '.').length} clues · unrated (variant)`;
    $('vboard').dataset.source = title.startsWith('generated') ? 'generated' : 'built-in';
    status('Your move.', 'playing');
    render();
  }

  /** The built-in puzzle `index` of variant `key`. */
  async function start(key, index = 0) {
    const v = VARIANTS.find((x) => x.key === key);
    state.index = index % v.puzzles.length;
    await play(v, v.puzzles[state.index].puzzle, null, `puzzle ${state.index + 1} of ${v.puzzles.length}`);
  }

  /** A new puzzle of the current variant, generated by the engine. */
  async function generateNew() {
    const v = state.variant;
    $('vnew').disabled = true;
    status('Generating a puzzle…', 'generating');
    try {
      const options = { geometry: v.geometry, timeLimit: 120 };
      const seed = nextSeed();
      if (seed !== null) options.seed = seed;
      const [p] = await engine.generate(options);
      await play(v, p.puzzle, p.solution, `generated (seed ${p.seed})`);
    } catch (e) {
      status(`Could not generate: ${e.message}`, 'error');
    } finally {
      $('vnew').disabled = false;
    }
  }

  function key(e) {
    const k = e.key;
    const n = state.n;
    const d = k.length === 1 ? k.toUpperCase() : '';
    if (d && DIGITS.slice(0, n).includes(d)) enter(d);
    else if (k === 'Backspace' || k === 'Delete' || k === '.') enter('');
    else if (k.startsWith('Arrow')) {
      const c = state.selected;
      const [dr, dq] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[k];
      select((((Math.floor(c / n) + dr + n) % n) * n) + (((c % n) + dq + n) % n));
      e.preventDefault();
    }
  }

  $('vcheck').addEventListener('click', check);
  $('vsolve').addEventListener('click', solve);
  $('vnext').addEventListener('click', () => start(state.variant.key, state.index + 1));
  $('vnew').addEventListener('click', generateNew);
  return { start, key };
}
