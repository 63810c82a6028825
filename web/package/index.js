// sudokit for JavaScript: the engine of the `sudokit` command (generator,
// Sudoku Explainer grader, hints, solver, canonical form) compiled to
// WebAssembly, with the command's options, seeds and error messages.
//
//   import { generate, grade, hint } from 'sudokit';
//   const [p] = await generate({ level: 'medium', seed: 42 });
//   const g = await grade(p.puzzle);            // { er, ep, ed, level, steps, ... }
//   const h = await hint({ givens: p.puzzle }); // the next step, with its drawing
//
// The functions below run on the calling thread (they return promises, but
// a long call blocks it: bound it with `timeLimit`). createWorker() runs the
// same functions in a worker (a Web Worker in a page, worker_threads in
// Node) where a call can also be cancelled with an AbortSignal or a
// `timeout`. load() gives the engine's synchronous functions, for loops and
// for code already inside a worker. README.md documents every option and
// result; index.d.ts types them.
import createEngine from './dist/engine.js';

/** What a bad input or option throws: the library's message, naming an option by its key. */
export class SudokitError extends Error {
  constructor(message, option) {
    super(message);
    this.name = 'SudokitError';
    /** The key of the option at fault ("level"), when one is. */
    this.option = option;
  }
}

// ---- Options: their keys and types; the engine checks their values ---------
// (the library's bounds and messages, each option named by its key here).

const kMaxSeed = (1n << 64n) - 1n;

// option key -> kind: int, real, seed, text, bool, list.
const GENERATE_OPTIONS = {
  count: 'int',
  seed: 'seed',
  method: 'text',
  scramble: 'bool',
  base: 'text',
  symmetry: 'text',
  clues: 'int',
  minimal: 'bool',
  verifyMinimal: 'bool',
  pattern: 'text',
  digOrder: 'text',
  maxAttempts: 'int',
  grade: 'bool',
  level: 'text',
  levels: 'text',
  minRating: 'real',
  maxRating: 'real',
  requireTechniques: 'list',
  hardestTechnique: 'text',
  strategy: 'text',
  search: 'int',
  searchKeep: 'int',
  timeLimit: 'real',
  geometry: 'text',
  alphabet: 'text',
};
const GRADE_OPTIONS = {
  steps: 'bool',
  levels: 'text',
  timeLimit: 'real',
  maxSteps: 'int',
};
const HINT_OPTIONS = {
  reveal: 'text',
  timeLimit: 'real',
};
// solve(), countSolutions() and check(): a variant's spelling (absent: the
// classic 9x9, every text form the command reads) and the cells' alphabet.
const VARIANT_OPTIONS = {
  geometry: 'text',
  alphabet: 'text',
};
// Options of the worker's calls, not the engine's.
const CALL_OPTIONS = new Set(['signal', 'timeout']);

/** Checks the keys and types of `options` against `table`; returns a clean copy. */
function checkOptions(options, table) {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) throw new SudokitError('options must be an object');
  const out = {};
  for (const [name, value] of Object.entries(options)) {
    if (CALL_OPTIONS.has(name)) continue;
    const kind = table[name];
    if (!kind) {
      throw new SudokitError(`unknown option key "${name}" (expected ${Object.keys(table).join(', ')})`, name);
    }
    if (value === undefined || value === null) continue;
    if (kind === 'int' || kind === 'real') {
      const ok = typeof value === 'number' && Number.isFinite(value) && (kind === 'real' || Number.isInteger(value));
      if (!ok) throw new SudokitError(`${name} must be ${kind === 'int' ? 'a whole number' : 'a finite number'} (found ${String(value)})`, name);
      out[name] = value;
    } else if (kind === 'seed') {
      let seed;
      try {
        seed = typeof value === 'string' && /^[0-9]+$/.test(value) ? BigInt(value)
             : typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value)) ? BigInt(value)
             : -1n;
      } catch {
        seed = -1n;
      }
      if (seed < 0n || seed > kMaxSeed)
        throw new SudokitError(`${name} must be a whole number from 0 to ${kMaxSeed} (found ${String(value)})`, name);
      out[name] = seed.toString();
    } else if (kind === 'bool') {
      if (typeof value !== 'boolean') throw new SudokitError(`${name} must be true or false (found ${String(value)})`, name);
      out[name] = value;
    } else if (kind === 'text') {
      if (typeof value !== 'string') throw new SudokitError(`${name} must be a string (found ${String(value)})`, name);
      out[name] = value;
    } else if (kind === 'list') {
      const list = typeof value === 'string' ? [value] : value;
      if (!Array.isArray(list) || !list.every((t) => typeof t === 'string'))
        throw new SudokitError(`${name} must be a string or an array of strings`, name);
      out[name] = list;
    }
  }
  return out;
}

function checkText(text, what) {
  if (typeof text !== 'string') throw new SudokitError(`${what} must be a string (found ${typeof text})`);
  return text;
}

function unwrap(result) {
  // The engine names a bad option by its key, as SudokitError.option does.
  if (result && result.error !== undefined) throw new SudokitError(result.error, result.option || undefined);
  return result;
}

// ---- The engine, synchronous ------------------------------------------------

/** Wraps the WebAssembly module's functions with the checks and results above. */
function wrap(m) {
  const engine = {
    version: m.version(),

    /** Techniques in Sudoku Explainer's order: [{ key, name }]. */
    techniques() {
      return m.techniques();
    },

    /** Puzzles with exactly one solution; throws (with .puzzles) when the time limit or failures end it short.
     *  With `geometry` a variant's: cells in `alphabet`, status 'unrated (variant)', no rating. */
    generate(options = {}, onPuzzle) {
      const o = checkOptions(options, GENERATE_OPTIONS);
      if (o.seed === undefined) o.seed = m.freshSeed();  // the library's draw, as the command's
      if (o.count === undefined) o.count = 1;
      const puzzles = [];
      const seed = BigInt(o.seed);
      const seedValue = seed <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(seed) : seed;
      const report = unwrap(m.generate(o, (p) => {
        p.seed = seedValue;
        puzzles.push(p);
        return onPuzzle ? onPuzzle(p) === false : false;
      }));
      report.seed = seedValue;  // given back to repeat the run
      if (report.incomplete) {
        const e = new SudokitError(report.incomplete);
        e.puzzles = puzzles;
        e.report = report;
        throw e;
      }
      Object.defineProperty(puzzles, 'report', { value: report, enumerable: false });
      return puzzles;
    },

    /** Grades a puzzle (81 characters or a 9-line grid) or a 729-character pencil-mark position. */
    grade(puzzle, options = {}) {
      return unwrap(m.grade(checkText(puzzle, 'puzzle'), checkOptions(options, GRADE_OPTIONS)));
    },

    /** The next step from a player's position: a text `sudokit hint` reads, or { givens, entries, marks }. */
    hint(position, options = {}) {
      let p = position;
      if (typeof p !== 'string') {
        if (!p || typeof p !== 'object') throw new SudokitError('position must be a string or { givens, entries, marks }');
        p = {};
        for (const key of ['givens', 'entries', 'marks']) {
          const v = position[key];
          if (v === undefined || v === null) continue;
          if (key === 'marks' && Array.isArray(v)) {
            // 81 strings of candidate digits (filled cells: anything) -> 729 characters.
            if (v.length !== 81 || !v.every((s) => typeof s === 'string'))
              throw new SudokitError('marks must be 729 characters or an array of 81 strings of digits');
            p.marks = v.map((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => (s.includes(String(d)) ? String(d) : '.')).join('')).join('');
          } else {
            p[key] = checkText(v, key);
          }
        }
      }
      return unwrap(m.hint(p, checkOptions(options, HINT_OPTIONS)));
    },

    /** The solution of a puzzle with exactly one, else null (none, or several: countSolutions tells). */
    solve(puzzle, options = {}) {
      const o = checkOptions(options, VARIANT_OPTIONS);
      const r = unwrap(m.solve(checkText(puzzle, 'puzzle'), 2, o.geometry ?? null, o.alphabet ?? 'digits'));
      return r.count === 1 ? r.solution : null;
    },

    /** How many solutions, counting up to `limit` (default 2: enough to tell unique from not). */
    countSolutions(puzzle, limit = 2, options = {}) {
      // The engine checks the limit and words the message (one home: engine.cpp's sk_solve).
      const o = checkOptions(options, VARIANT_OPTIONS);
      return unwrap(m.solve(checkText(puzzle, 'puzzle'), limit, o.geometry ?? null, o.alphabet ?? 'digits')).count;
    },

    /** The placed cells (0-based) whose digit breaks a rule of the geometry with another placed digit. */
    check(puzzle, options = {}) {
      const o = checkOptions(options, VARIANT_OPTIONS);
      return unwrap(m.check(checkText(puzzle, 'puzzle'), o.geometry ?? 'classic', o.alphabet ?? 'digits')).cells;
    },

    /** A geometry's canonical spelling, size, regions, houses and extra regions, to draw it. */
    geometry(spelling) {
      return unwrap(m.geometry(checkText(spelling, 'geometry')));
    },

    /** The canonical (minlex) form: equal forms are essentially the same puzzle (of the same variant). */
    canonical(puzzle, options = {}) {
      const o = checkOptions(options, VARIANT_OPTIONS);
      return unwrap(m.canonical(checkText(puzzle, 'puzzle'), o.geometry ?? null, o.alphabet ?? 'digits')).canonical;
    },

    /** The global id: equal ids mean the same puzzle of the same variant. */
    globalId(puzzle, options = {}) {
      const o = checkOptions(options, VARIANT_OPTIONS);
      return unwrap(m.canonical(checkText(puzzle, 'puzzle'), o.geometry ?? null, o.alphabet ?? 'digits')).globalId;
    },
  };
  return Object.freeze(engine);
}

let loading;
/** The engine with synchronous functions, loaded once (about 30 ms). */
export function load() {
  loading ??= createEngine().then(wrap);
  return loading;
}

// ---- Promise API on the calling thread ------------------------------------------

export const generate = async (options, onPuzzle) => (await load()).generate(options, onPuzzle);
export const grade = async (puzzle, options) => (await load()).grade(puzzle, options);
export const hint = async (position, options) => (await load()).hint(position, options);
export const solve = async (puzzle, options) => (await load()).solve(puzzle, options);
export const countSolutions = async (puzzle, limit, options) => (await load()).countSolutions(puzzle, limit, options);
export const check = async (puzzle, options) => (await load()).check(puzzle, options);
export const geometry = async (spelling) => (await load()).geometry(spelling);
export const canonical = async (puzzle, options) => (await load()).canonical(puzzle, options);
export const globalId = async (puzzle, options) => (await load()).globalId(puzzle, options);
export const techniques = async () => (await load()).techniques();
export const version = async () => (await load()).version;

// ---- In a worker: cancellable ------------------------------------------------------

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';

async function startWorker() {
  const url = new URL('./worker.js', import.meta.url);
  if (isNode && typeof Worker === 'undefined') {
    const { Worker: NodeWorker } = await import('node:worker_threads');
    const w = new NodeWorker(url);
    return {
      post: (m) => w.postMessage(m),
      listen: (onMessage, onError) => {
        w.on('message', onMessage);
        w.on('error', onError);
      },
      terminate: () => w.terminate(),
      unref: () => w.unref(),
      ref: () => w.ref(),
    };
  }
  const w = new Worker(url, { type: 'module' });
  return {
    post: (m) => w.postMessage(m),
    listen: (onMessage, onError) => {
      w.onmessage = (e) => onMessage(e.data);
      w.onerror = (e) => onError(new Error(e.message || 'worker failed'));
    },
    terminate: () => w.terminate(),
    unref: () => {},
    ref: () => {},
  };
}

function abortError(reason) {
  const e = new Error(reason ?? 'the call was cancelled');
  e.name = 'AbortError';
  return e;
}

/**
 * The same functions in a worker: the caller's thread never blocks, and each
 * call takes two more options, `signal` (an AbortSignal: aborting it ends the
 * call) and `timeout` (milliseconds of wall time). A cancelled call rejects
 * with an Error named 'AbortError'; the worker is then replaced (its work
 * cannot be interrupted otherwise), so later calls go on. Calls run one at a
 * time, in order. close() ends the worker.
 */
export function createWorker() {
  let worker = null;      // the running worker, started on the first call
  let starting = null;
  let nextId = 1;
  const pending = new Map();  // id -> { resolve, reject, cleanup }
  let closed = false;

  const fail = (error) => {
    for (const p of pending.values()) {
      p.cleanup();
      p.reject(error);
    }
    pending.clear();
    worker = null;
    starting = null;
  };

  async function ensure() {
    if (worker) return worker;
    starting ??= startWorker().then((w) => {
      w.listen((msg) => {
        const p = pending.get(msg.id);
        if (!p) return;
        pending.delete(msg.id);
        p.cleanup();
        if (pending.size === 0) w.unref();
        if (msg.error) {
          const e = new SudokitError(msg.error.message, msg.error.option);
          if (msg.error.puzzles) e.puzzles = msg.error.puzzles;
          p.reject(e);
        } else {
          if (msg.report) Object.defineProperty(msg.result, 'report', { value: msg.report, enumerable: false });
          p.resolve(msg.result);
        }
      }, (error) => fail(error));
      worker = w;
      return w;
    });
    return starting;
  }

  async function call(method, args, options) {
    if (closed) throw new Error('the sudokit worker is closed');
    const signal = options?.signal;
    const timeout = options?.timeout;
    if (timeout !== undefined && !(typeof timeout === 'number' && timeout >= 0))
      throw new SudokitError(`timeout must be a number of milliseconds (found ${String(timeout)})`, 'timeout');
    if (signal?.aborted) throw abortError(signal.reason?.message);
    const w = await ensure();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      let timer = null;
      const cancel = (reason) => {
        if (!pending.has(id)) return;
        pending.delete(id);
        cleanup();
        // The engine cannot be interrupted mid-call: replace the worker.
        const others = [...pending.values()];
        pending.clear();
        w.terminate();
        worker = null;
        starting = null;
        reject(abortError(reason));
        for (const p of others) {
          p.cleanup();
          p.reject(abortError('the worker was restarted'));
        }
      };
      const onAbort = () => cancel(signal.reason?.message ?? 'the call was cancelled');
      const cleanup = () => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      pending.set(id, { resolve, reject, cleanup });
      signal?.addEventListener('abort', onAbort, { once: true });
      if (timeout !== undefined) timer = setTimeout(() => cancel(`timed out after ${timeout} ms`), timeout);
      w.ref();
      w.post({ id, method, args });
    });
  }

  return {
    generate: (options) => call('generate', [stripCall(options)], options),
    grade: (puzzle, options) => call('grade', [puzzle, stripCall(options)], options),
    hint: (position, options) => call('hint', [position, stripCall(options)], options),
    solve: (puzzle, options) => call('solve', [puzzle, stripCall(options)], options),
    countSolutions: (puzzle, limit, options) => call('countSolutions', [puzzle, limit, stripCall(options)], options),
    check: (puzzle, options) => call('check', [puzzle, stripCall(options)], options),
    geometry: (spelling, options) => call('geometry', [spelling], options),
    canonical: (puzzle, options) => call('canonical', [puzzle, stripCall(options)], options),
    globalId: (puzzle, options) => call('globalId', [puzzle, stripCall(options)], options),
    techniques: (options) => call('techniques', [], options),
    close() {
      closed = true;
      if (worker) worker.terminate();
      fail(abortError('the sudokit worker is closed'));
    },
  };
}

function stripCall(options) {
  if (!options || typeof options !== 'object') return options;
  const { signal, timeout, ...rest } = options;
  return rest;
}
