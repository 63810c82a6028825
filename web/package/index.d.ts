// Types of the sudokit package (index.js). Cells are 0..80 row by row,
// houses 0..26 (0-8 boxes, 9-17 rows, 18-26 columns), digits 1..9; a
// puzzle is 81 characters ('.' or '0' empty). A variant's puzzle (the
// geometry option) is N*N characters in its alphabet, cells 0..N*N-1.

export declare class SudokitError extends Error {
  /** The key of the option at fault ("level"), as the call spelt it, when one is. */
  option?: string;
  /** generate(): the puzzles made before the time limit or failures ended it. */
  puzzles?: GeneratedPuzzle[];
}

export interface GenerateOptions {
  /** Puzzles wanted, 1 to 1e12; default 1. */
  count?: number;
  /** Same seed, same puzzles as `sudokit generate --seed`; default random. 64 bits: a number, bigint or decimal string. */
  seed?: number | bigint | string;
  method?: 'backtrack' | 'box-permutation' | 'digit-box' | 'relabel';
  scramble?: boolean;
  base?: string;
  symmetry?: 'none' | 'rot180' | 'rot90' | 'mirror' | 'diagonal' | 'antidiagonal' | 'dihedral' | 'random';
  /** Exactly this many clues (17..80) instead of a minimal puzzle. */
  clues?: number;
  minimal?: boolean;
  verifyMinimal?: boolean;
  /** 81-cell clue mask (x/1 = clue, ./0 = empty). */
  pattern?: string;
  digOrder?: 'random' | 'sparse-digits';
  maxAttempts?: number;
  /** Grade every puzzle (er, ep, ed, level, hardest); default true. */
  grade?: boolean;
  /** Keep only this level: easy, medium, hard, diabolical, expert, extreme, nightmare (or one of `levels`). */
  level?: string;
  /** Level table "name:min_er,...". */
  levels?: string;
  minRating?: number;
  maxRating?: number;
  /** Technique keys that must be on the solution path. */
  requireTechniques?: string | string[];
  hardestTechnique?: string;
  search?: number;
  searchKeep?: number;
  /** dig, or climb (walks from puzzles dug at a lower floor). Default: climb for an ER floor of 9.3 or more unless pattern, clues, symmetry or searchKeep rules it out. */
  strategy?: 'dig' | 'climb';
  /** Seconds; 0 = none. Default: none, or 120 for a rare target (ER 9.0 and above). */
  timeLimit?: number;
  /** A variant's spelling ("x", "windows", "6x6", "16x16", "jigsaw:MAP" ...; absent: the classic 9x9): its puzzles
   *  are unrated (variant), so grade, level, levels, minRating, maxRating, requireTechniques, hardestTechnique,
   *  search, searchKeep, strategy and a digOrder other than 'random' are refused; clues 1 to N*N-1, pattern N*N cells. */
  geometry?: string;
  /** The alphabet of the puzzle, solution and base (default 'digits': 1-9 then A-P). */
  alphabet?: 'digits' | 'letters' | 'hex';
}

/** A graded puzzle's ratings on the SE scale and what they mean. */
export interface Ratings {
  er?: number;
  ep?: number;
  ed?: number;
  level?: string;
  /** The technique key of the step that set ER, and SE's name of that step. */
  hardest?: string;
  hardestName?: string;
}

/** With grading (the default), the Ratings fields are set. */
export interface GeneratedPuzzle extends Ratings {
  index: number;
  seed: number | bigint;
  puzzle: string;
  solution: string;
  clues: number;
  symmetry: string;
  method: string;
  digOrder: string | null;
  minimal: boolean;
  symmetricMinimal: boolean;
  /** A variant's (the geometry option): the canonical spelling of its geometry. */
  geometry?: string;
  /** A variant's grading status, 'unrated (variant)': it has no ratings (variant grading is issue #48). */
  status?: 'unrated (variant)';
}

export interface GenerateReport {
  /** The run's seed (drawn fresh when none was given): pass it back to repeat the run. */
  seed: number | bigint;
  accepted: number;
  tried: number;
  failed: number;
  seconds: number;
  stoppedByCaller: boolean;
  notice: string;
}

export interface Candidate {
  cell: number;
  digit: number;
}

export interface Step {
  technique: string;
  name: string;
  rating: number;
  placeCell: number;
  placeDigit: number;
  eliminations: Candidate[];
  cells: number[];
  houses: number[];
  text: string;
  chain: string;
}

export interface GradeOptions {
  /** Keep the solution path (steps); default true. */
  steps?: boolean;
  levels?: string;
  timeLimit?: number;
  maxSteps?: number;
}

/** The Ratings fields are set when `rated`. */
export interface Grade extends Ratings {
  status: 'rated' | 'beyond-techniques' | 'no-solution' | 'multiple-solutions' | 'invalid-givens' | 'step-limit' | 'time-limit';
  rated: boolean;
  message?: string;
  stepCount: number;
  solution?: string;
  steps?: Step[];
}

export type Position =
  | string
  | { givens?: string; entries?: string; marks?: string | string[] };

export interface HintOptions {
  reveal?: 'area' | 'technique' | 'step';
  /** Seconds for the step search; default 10, 0 = none. */
  timeLimit?: number;
}

export interface ChainNode extends Candidate {
  on: boolean;
}

export interface Hint {
  status: 'hint' | 'mistakes' | 'solved' | 'invalid-position' | 'no-solution' | 'multiple-solutions' | 'beyond-techniques' | 'time-limit' | 'internal-error';
  reveal: 'area' | 'technique' | 'step';
  message?: string;
  mistakes?: { kind: 'wrong-entry' | 'lost-digit'; cell: number; digit: number; solutionDigit: number; message: string }[];
  area?: { houses: number[]; cells: number[] };
  technique?: { key: string; name: string; rating: number };
  step?: Step;
  drawing?: {
    placed: Candidate[];
    eliminated: Candidate[];
    cause: Candidate[];
    houses: number[];
    links: { from: ChainNode; to: ChainNode; kind: 'strong' | 'weak' | 'technique' }[];
    on: Candidate[];
    off: Candidate[];
  };
}

/** solve, countSolutions, check, canonical and globalId: a variant (docs/VARIANTS.md) and the alphabet of its cells. */
export interface VariantOptions {
  /** A geometry's spelling: "x", "windows", "6x6", "16x16", "jigsaw:MAP", "x,windows" ...; absent: the classic 9x9 (every text form the command reads). */
  geometry?: string;
  /** How the cells are written: "digits" (1-9 then A-P; the default), "letters" (A-Z) or "hex" (0-9A-F, up to 16x16). */
  alphabet?: 'digits' | 'letters' | 'hex';
}

/** What geometry() gives a page to draw the grid with. */
export interface GeometryInfo {
  /** The canonical spelling ("classic" for the classic 9x9). */
  spelling: string;
  size: number;
  /** Box shape; 0 and 0 for jigsaw or none. */
  boxRows: number;
  boxCols: number;
  /** Region (box or jigsaw piece) of each cell; empty for none. */
  regions: number[];
  /** Every house's cells: rows, columns, regions, then the extra regions. */
  houses: number[][];
  /** The extra regions by rule, as indices into houses (windows: the four windows first, then the five they imply). */
  extras: { rule: 'x' | 'windows' | 'disjoint' | 'centre-dot' | 'girandola' | 'asterisk'; houses: number[] }[];
  nonConsecutive: boolean;
  leapers: ('anti-knight' | 'anti-king' | 'toroidal')[];
}

export interface Engine {
  readonly version: string;
  techniques(): { key: string; name: string }[];
  /** Return false from onPuzzle to stop early. */
  generate(options?: GenerateOptions, onPuzzle?: (p: GeneratedPuzzle) => boolean | void): GeneratedPuzzle[] & { report: GenerateReport };
  grade(puzzle: string, options?: GradeOptions): Grade;
  hint(position: Position, options?: HintOptions): Hint;
  solve(puzzle: string, options?: VariantOptions): string | null;
  countSolutions(puzzle: string, limit?: number, options?: VariantOptions): number;
  /** The placed cells whose digit breaks a rule of the geometry with another placed digit. */
  check(puzzle: string, options?: VariantOptions): number[];
  geometry(spelling: string): GeometryInfo;
  canonical(puzzle: string, options?: VariantOptions): string;
  /** Equal ids: the same puzzle of the same variant (16 characters for the classic, 'v' and 16 for a variant). */
  globalId(puzzle: string, options?: VariantOptions): string;
}

export declare function load(): Promise<Engine>;
export declare function generate(options?: GenerateOptions, onPuzzle?: (p: GeneratedPuzzle) => boolean | void): Promise<GeneratedPuzzle[] & { report: GenerateReport }>;
export declare function grade(puzzle: string, options?: GradeOptions): Promise<Grade>;
export declare function hint(position: Position, options?: HintOptions): Promise<Hint>;
export declare function solve(puzzle: string, options?: VariantOptions): Promise<string | null>;
export declare function countSolutions(puzzle: string, limit?: number, options?: VariantOptions): Promise<number>;
export declare function check(puzzle: string, options?: VariantOptions): Promise<number[]>;
export declare function geometry(spelling: string): Promise<GeometryInfo>;
export declare function canonical(puzzle: string, options?: VariantOptions): Promise<string>;
export declare function globalId(puzzle: string, options?: VariantOptions): Promise<string>;
export declare function techniques(): Promise<{ key: string; name: string }[]>;
export declare function version(): Promise<string>;

/** signal: aborting it ends the call; timeout: milliseconds of wall time. */
export interface CallOptions {
  signal?: AbortSignal;
  timeout?: number;
}

export interface SudokitWorker {
  generate(options?: GenerateOptions & CallOptions): Promise<GeneratedPuzzle[] & { report: GenerateReport }>;
  grade(puzzle: string, options?: GradeOptions & CallOptions): Promise<Grade>;
  hint(position: Position, options?: HintOptions & CallOptions): Promise<Hint>;
  solve(puzzle: string, options?: VariantOptions & CallOptions): Promise<string | null>;
  countSolutions(puzzle: string, limit?: number, options?: VariantOptions & CallOptions): Promise<number>;
  check(puzzle: string, options?: VariantOptions & CallOptions): Promise<number[]>;
  geometry(spelling: string, options?: CallOptions): Promise<GeometryInfo>;
  canonical(puzzle: string, options?: VariantOptions & CallOptions): Promise<string>;
  globalId(puzzle: string, options?: VariantOptions & CallOptions): Promise<string>;
  techniques(options?: CallOptions): Promise<{ key: string; name: string }[]>;
  close(): void;
}

export declare function createWorker(): SudokitWorker;
