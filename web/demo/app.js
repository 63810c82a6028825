// The playable page: a puzzle generated in a Web Worker (the page never
// waits on the engine), digits and pencil marks by mouse, touch and
// keyboard, a hint that reveals itself in steps (where to look, the
// technique, the step drawn on the board, then applied), a mistake check
// (the engine's check() and solution),
// the SE rating and level, and the solution path once solved.
// ?seed=N makes the puzzle sequence reproducible and ?level=L picks the
// level (the browser test uses both). The Variant menu plays X, windoku,
// jigsaw, 6x6 and 16x16 (variants.js); ?variant=KEY opens one.
import { createWorker } from '../package/index.js';
import { VARIANTS, createVariantPlay } from './variants.js';

const $ = (id) => document.getElementById(id);
const engine = createWorker();
const params = new URLSearchParams(location.search);
let seed = params.has('seed') ? BigInt(params.get('seed')) : null;

const HOUSE_NAMES = (u) => (u < 9 ? `box ${u + 1}` : u < 18 ? `row ${u - 8}` : `column ${u - 17}`);
const rowOf = (c) => Math.floor(c / 9);
const colOf = (c) => c % 9;
const boxOf = (c) => Math.floor(rowOf(c) / 3) * 3 + Math.floor(colOf(c) / 3);
const inHouse = (c, u) => (u < 9 ? boxOf(c) === u : u < 18 ? rowOf(c) === u - 9 : colOf(c) === u - 18);
const peers = (a, b) => a !== b && (rowOf(a) === rowOf(b) || colOf(a) === colOf(b) || boxOf(a) === boxOf(b));

const state = {
  puzzle: null,        // 81 characters
  solution: null,
  info: null,          // the generated puzzle (er, level...)
  entries: [],         // '' or '1'..'9' per cell
  marks: [],           // the player's pencil marks per cell, a string of digits
  marksOn: false,      // marks in play: hints read them, eliminations edit them
  selected: 40,
  pencil: false,
  hint: null,          // the current hint result (reveal 'step')
  stage: 0,            // 0 none, 1 area, 2 technique, 3 step shown
  wrong: new Set(),    // cells flagged by the mistake check
  solved: false,
};

const digitAt = (c) => (state.puzzle[c] !== '.' ? state.puzzle[c] : state.entries[c]);

function candidates(c) {
  const used = new Set();
  for (let j = 0; j < 81; ++j) if (peers(c, j) && digitAt(j)) used.add(digitAt(j));
  return '123456789'.split('').filter((d) => !used.has(d)).join('');
}

function setStatus(text, s) {
  $('status').textContent = text;
  $('status').dataset.state = s;
}

// ---- Board ----------------------------------------------------------------------

const cells = [];
function buildBoard() {
  const board = $('board');
  for (let c = 0; c < 81; ++c) {
    const el = document.createElement('div');
    el.className = 'cell';
    el.dataset.cell = String(c);
    el.setAttribute('role', 'gridcell');
    el.addEventListener('click', () => select(c));
    board.appendChild(el);
    cells.push(el);
  }
}

function select(c) {
  state.selected = c;
  render();
}

function render() {
  if (!state.puzzle) return;
  const sel = state.selected;
  const h = state.stage > 0 ? state.hint : null;
  const d = state.stage >= 3 && h ? h.drawing : null;
  const roles = new Map();  // "cell:digit" -> class
  if (d) {
    for (const x of d.cause) roles.set(`${x.cell}:${x.digit}`, 'cause');
    for (const x of d.on) roles.set(`${x.cell}:${x.digit}`, 'on');
    for (const x of d.off) roles.set(`${x.cell}:${x.digit}`, 'off');
    for (const x of d.eliminated) roles.set(`${x.cell}:${x.digit}`, 'eliminated');
    for (const x of d.placed) roles.set(`${x.cell}:${x.digit}`, 'placed');
  }
  const areaHouses = h && state.stage >= 1 ? h.area.houses : [];
  const areaCells = new Set(h && state.stage >= 1 ? h.area.cells : []);
  const pattern = new Set(d ? h.step.cells : []);
  const placedCell = d && d.placed.length ? d.placed[0].cell : -1;
  const selDigit = digitAt(sel);
  for (let c = 0; c < 81; ++c) {
    const el = cells[c];
    const given = state.puzzle[c] !== '.';
    const value = digitAt(c);
    el.className = 'cell' + (given ? ' given' : value ? ' entry' : '');
    if (peers(c, sel)) el.classList.add('peer');
    if (selDigit && value === selDigit) el.classList.add('same');
    if (c === sel) el.classList.add('selected');
    if (areaHouses.some((u) => inHouse(c, u)) || areaCells.has(c)) el.classList.add('area');
    if (pattern.has(c)) el.classList.add('pattern');
    if (state.wrong.has(c)) el.classList.add('wrong');
    if (c === placedCell) el.classList.add('placed-hint');
    el.setAttribute('aria-label', `r${rowOf(c) + 1}c${colOf(c) + 1} ${value || 'empty'}`);
    el.textContent = '';
    if (value) {
      el.textContent = value;
      continue;
    }
    const shown = state.marksOn ? (state.marks[c] || '') : '';
    const highlighted = [...'123456789'].filter((x) => roles.has(`${c}:${x}`));
    if (!shown && !highlighted.length) continue;
    const grid = document.createElement('div');
    grid.className = 'marks';
    for (const x of '123456789') {
      const span = document.createElement('span');
      const role = roles.get(`${c}:${x}`);
      if (shown.includes(x) || role) span.textContent = x;
      if (role) span.className = role;
      else if (state.wrong.has(`${c}:lost`) && x === state.solution[c]) span.className = 'lost';
      grid.appendChild(span);
    }
    el.appendChild(grid);
  }
  drawLinks(d);
  renderHintPanel();
  $('check').disabled = state.solved;
  $('hint').disabled = state.solved;
}

function candidatePoint(cell, digit) {
  const x = colOf(cell) * 100 + ((digit - 1) % 3) * 33.3 + 16.7;
  const y = rowOf(cell) * 100 + Math.floor((digit - 1) / 3) * 33.3 + 16.7;
  return [x, y];
}

function drawLinks(d) {
  const svg = $('links');
  svg.innerHTML = '';
  if (!d) return;
  for (const l of d.links) {
    const [x1, y1] = candidatePoint(l.from.cell, l.from.digit);
    const [x2, y2] = candidatePoint(l.to.cell, l.to.digit);
    const line = document.createElementNS('http://www.w3.org/2000/svg', 'line');
    line.setAttribute('x1', x1);
    line.setAttribute('y1', y1);
    line.setAttribute('x2', x2);
    line.setAttribute('y2', y2);
    line.setAttribute('stroke', l.kind === 'strong' ? '#2e9d4a' : l.kind === 'weak' ? '#d43c3c' : '#7a4fd4');
    line.setAttribute('stroke-width', '4');
    if (l.kind !== 'strong') line.setAttribute('stroke-dasharray', '10 7');
    line.setAttribute('class', `link ${l.kind}`);
    svg.appendChild(line);
  }
}

// ---- Playing ------------------------------------------------------------------------

function changed() {
  state.hint = null;
  state.stage = 0;
  state.wrong = new Set();
  if (state.puzzle && [...Array(81).keys()].every((c) => digitAt(c) === state.solution[c])) {
    state.solved = true;
    document.body.classList.add('solved');
    setStatus('Solved!', 'solved');
    $('path').hidden = false;
  }
  render();
}

function enter(digit) {
  const c = state.selected;
  if (!state.puzzle || state.solved || state.puzzle[c] !== '.') return;
  if (state.pencil) {
    if (state.entries[c]) return;
    const m = state.marks[c] || '';
    state.marks[c] = m.includes(digit) ? m.replace(digit, '') : [...m + digit].sort().join('');
    state.marksOn = true;
  } else {
    state.entries[c] = state.entries[c] === digit ? '' : digit;
    if (state.entries[c] && state.marksOn)
      for (let j = 0; j < 81; ++j) if (peers(c, j) && state.marks[j]) state.marks[j] = state.marks[j].replace(digit, '');
  }
  changed();
}

function erase() {
  const c = state.selected;
  if (!state.puzzle || state.solved || state.puzzle[c] !== '.') return;
  if (state.entries[c]) state.entries[c] = '';
  else state.marks[c] = '';
  changed();
}

function fillCandidates() {
  if (!state.puzzle || state.solved) return;
  for (let c = 0; c < 81; ++c) state.marks[c] = digitAt(c) ? '' : candidates(c);
  state.marksOn = true;
  changed();
}

/** The position as the engine reads it: givens, entries, and marks when they are in play
 * (a filled cell's are ignored; marks its peers' digits rule out come off as the first hint). */
function position() {
  const p = { givens: state.puzzle, entries: state.entries.map((e) => e || '.').join('') };
  if (state.marksOn) {
    // A cell the player left unmarked sends the givens' candidates: what the
    // entries rule out comes off as the engine's basic elimination, and a
    // wrong entry never makes an unmarked cell look like marks that lost the
    // solution's digit (the engine judges entries, the page does not).
    const fromGivens = (c) => [...'123456789'].filter((d) =>
      !state.puzzle.split('').some((g, j) => g === d && peers(c, j))).join('');
    p.marks = Array.from({ length: 81 }, (_, c) => {
      const have = digitAt(c) ? '' : state.marks[c] || fromGivens(c);
      return [...'123456789'].map((x) => (have.includes(x) ? x : '.')).join('');
    }).join('');
  }
  return p;
}

async function newPuzzle() {
  $('new').disabled = true;
  $('hint').disabled = true;
  $('check').disabled = true;
  setStatus('Generating a puzzle…', 'generating');
  try {
    const options = { level: $('level').value, timeLimit: 30 };
    if (seed !== null) options.seed = (seed++).toString();
    const [p] = await engine.generate(options);
    Object.assign(state, {
      puzzle: p.puzzle, solution: p.solution, info: p, entries: Array(81).fill(''), marks: Array(81).fill(''),
      marksOn: false, hint: null, stage: 0, wrong: new Set(), solved: false, selected: 40,
    });
    document.body.classList.remove('solved');
    $('rating').hidden = false;
    $('rating').textContent = `${p.level[0].toUpperCase() + p.level.slice(1)} · SE rating ${p.er.toFixed(1)} ` +
                              `(ER ${p.er.toFixed(1)} / EP ${p.ep.toFixed(1)} / ED ${p.ed.toFixed(1)}) · hardest step: ${p.hardestName} · ${p.clues} clues`;
    $('steps').hidden = true;
    $('path').hidden = true;
    setStatus('Your move.', 'playing');
  } catch (e) {
    setStatus(`Could not generate: ${e.message}`, 'error');
  } finally {
    $('new').disabled = false;
    render();
  }
}

// ---- Hints and checks ---------------------------------------------------------------------

function renderHintPanel() {
  const panel = $('hint-panel');
  const h = state.hint;
  const button = $('hint');
  button.textContent = ['Hint', 'More', 'Show step', 'Apply'][state.stage];
  panel.dataset.stage = String(state.stage);
  if (!h || state.stage === 0) {
    if (!panel.dataset.keep) panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const where = h.area.houses.length ? h.area.houses.map(HOUSE_NAMES).join(', ')
                                     : h.area.cells.map((c) => `r${rowOf(c) + 1}c${colOf(c) + 1}`).join(', ');
  let html = `<div>Look at <b>${where}</b>.</div>`;
  if (state.stage >= 2) html += `<div class="technique">${h.technique.name} (SE ${h.technique.rating.toFixed(1)})</div>`;
  if (state.stage >= 3) html += `<div class="step">${h.step.text}</div>`;
  panel.innerHTML = html;
}

function apply(h) {
  const s = h.step;
  if (s.placeCell >= 0) {
    state.entries[s.placeCell] = String(s.placeDigit);
    if (state.marksOn)
      for (let j = 0; j < 81; ++j) if (peers(s.placeCell, j) && state.marks[j]) state.marks[j] = state.marks[j].replace(String(s.placeDigit), '');
    state.selected = s.placeCell;
  }
  if (s.eliminations.length) {
    if (!state.marksOn) {
      for (let c = 0; c < 81; ++c) state.marks[c] = digitAt(c) ? '' : candidates(c);
      state.marksOn = true;
    }
    for (const e of s.eliminations) state.marks[e.cell] = (state.marks[e.cell] || candidates(e.cell)).replace(String(e.digit), '');
  }
  changed();
}

async function hint() {
  if (!state.puzzle || state.solved) return;
  if (state.hint && state.stage < 3) {
    ++state.stage;
    render();
    return;
  }
  if (state.hint && state.stage === 3) {
    apply(state.hint);
    return;
  }
  $('hint').disabled = true;
  try {
    const h = await engine.hint(position(), { reveal: 'step', timeLimit: 20 });
    if (h.status === 'mistakes') {
      showMistakes(h.mistakes.map((m) => ({ cell: m.cell, kind: m.kind, message: m.message })));
    } else if (h.status === 'hint') {
      state.hint = h;
      state.stage = 1;
      $('hint-panel').dataset.keep = '';
    } else {
      $('hint-panel').hidden = false;
      $('hint-panel').textContent = h.message || h.status;
    }
  } catch (e) {
    setStatus(`Hint failed: ${e.message}`, 'error');
  } finally {
    $('hint').disabled = false;
    render();
  }
}

function showMistakes(list) {
  state.wrong = new Set();
  for (const m of list) {
    if (m.kind === 'wrong-entry') state.wrong.add(m.cell);
    else state.wrong.add(`${m.cell}:lost`);
  }
  const panel = $('hint-panel');
  panel.hidden = false;
  panel.dataset.keep = '1';
  panel.innerHTML = list.length ? `<div><b>${list.length} mistake${list.length > 1 ? 's' : ''}:</b></div>` +
    list.map((m) => `<div>${m.message}</div>`).join('') : '<div>No mistakes so far.</div>';
}

/** The mistake check, the engine's answer as on the variant page: check()
 * names the entries that break a rule (the rule has one home, the engine;
 * the page applies none), and the engine's solution the other wrong entries
 * and the marks that lost its digit. */
let checking = 0;
async function check() {
  if (!state.puzzle) return;
  const ticket = ++checking;
  const grid = Array.from({ length: 81 }, (_, c) => digitAt(c) || '.').join('');
  let broken;
  try {
    broken = new Set(await engine.check(grid));
  } catch (e) {
    setStatus(`Check failed: ${e.message}`, 'error');
    return;
  }
  if (ticket !== checking || grid !== Array.from({ length: 81 }, (_, c) => digitAt(c) || '.').join('')) return;  // the board moved on
  const list = [];
  for (let c = 0; c < 81; ++c) {
    const r = `r${rowOf(c) + 1}c${colOf(c) + 1}`;
    if (state.entries[c] && broken.has(c))
      list.push({ cell: c, kind: 'wrong-entry', message: `${r}: ${state.entries[c]} breaks a rule (the same digit in its row, column or box)` });
    else if (state.entries[c] && state.entries[c] !== state.solution[c])
      list.push({ cell: c, kind: 'wrong-entry', message: `${r}: ${state.entries[c]} entered, the solution has ${state.solution[c]}` });
    else if (!digitAt(c) && state.marksOn && state.marks[c] && !state.marks[c].includes(state.solution[c]))
      list.push({ cell: c, kind: 'lost-digit', message: `${r}: the marks lost the solution's digit` });
  }
  state.hint = null;
  state.stage = 0;
  showMistakes(list);
  render();
}

async function showPath() {
  const list = $('steps');
  list.hidden = false;
  list.textContent = 'Grading…';
  const g = await engine.grade(state.puzzle);
  list.innerHTML = '';
  for (const s of g.steps) {
    const li = document.createElement('li');
    li.textContent = `${s.rating.toFixed(1)}  ${s.text}`;
    list.appendChild(li);
  }
}

// ---- Wiring ------------------------------------------------------------------------------------

// ---- Variants --------------------------------------------------------------------------------

const variants = createVariantPlay(engine, $, () => (seed === null ? null : (seed++).toString()));
let variantMode = false;
for (const v of VARIANTS) {
  const o = document.createElement('option');
  o.value = v.key;
  o.textContent = v.label;
  $('variant').appendChild(o);
}
function chooseVariant(key) {
  variantMode = key !== 'classic';
  $('variant').value = key;
  $('variant-play').hidden = !variantMode;
  $('classic-play').hidden = variantMode;
  $('classic-controls').hidden = variantMode;
  if (variantMode) return variants.start(key);
  if (!state.puzzle) return newPuzzle();
  return undefined;
}
$('variant').addEventListener('change', () => chooseVariant($('variant').value));

buildBoard();
if (params.has('level')) $('level').value = params.get('level');
document.querySelectorAll('#pad [data-digit]').forEach((b) => b.addEventListener('click', () => enter(b.dataset.digit)));
$('erase').addEventListener('click', erase);
$('fill').addEventListener('click', fillCandidates);
$('pencil').addEventListener('click', () => {
  state.pencil = !state.pencil;
  $('pencil').setAttribute('aria-pressed', String(state.pencil));
});
$('new').addEventListener('click', newPuzzle);
$('hint').addEventListener('click', hint);
$('check').addEventListener('click', check);
$('path').addEventListener('click', showPath);
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLSelectElement) return;
  if (variantMode) {
    variants.key(e);
    return;
  }
  const k = e.key;
  if (/^[1-9]$/.test(k)) enter(k);
  else if (k === 'Backspace' || k === 'Delete' || k === '0') erase();
  else if (k === 'p' || k === 'P') $('pencil').click();
  else if (k === 'h' || k === 'H') hint();
  else if (k.startsWith('Arrow')) {
    const c = state.selected;
    const r = rowOf(c), q = colOf(c);
    const [dr, dq] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[k];
    select(((r + dr + 9) % 9) * 9 + ((q + dq + 9) % 9));
    e.preventDefault();
  }
});
const startVariant = params.get('variant');
chooseVariant(VARIANTS.some((v) => v.key === startVariant) ? startVariant : 'classic');
