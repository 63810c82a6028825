// Compiled (never run) by types.test.mjs with tsc --strict against the
// package's index.d.ts: what an app writes must type-check, and the
// mistakes below must not (each @ts-expect-error fails the compile when the
// line it guards type-checks).
import {
  generate, grade, hint, solve, countSolutions, canonical, techniques, version, load, createWorker, SudokitError,
  check, geometry, globalId, type GeneratedPuzzle, type Grade, type Hint, type Step, type GeometryInfo,
} from 'sudokit';

async function app(): Promise<void> {
  const puzzles = await generate({ level: 'hard', seed: 42n, count: 3, symmetry: 'rot180', timeLimit: 10 });
  const first: GeneratedPuzzle = puzzles[0];
  const accepted: number = puzzles.report.accepted;
  const g: Grade = await grade(first.puzzle, { steps: true });
  const steps: Step[] = g.steps ?? [];
  const h: Hint = await hint({ givens: first.puzzle, entries: '.'.repeat(81) }, { reveal: 'technique' });
  if (h.status === 'hint' && h.drawing) for (const l of h.drawing.links) console.log(l.from.cell, l.to.on, l.kind);
  const s: string | null = await solve(first.puzzle);
  const n: number = await countSolutions(first.puzzle, 2);
  const c: string = await canonical(first.puzzle);
  const keys: string[] = (await techniques()).map((t) => t.key);
  const v: string = await version();
  const engine = await load();
  const direct: GeneratedPuzzle[] = engine.generate({ count: 2 }, (p) => p.er !== undefined && p.er < 3);
  const worker = createWorker();
  const ac = new AbortController();
  const later = await worker.generate({ level: 'medium', signal: ac.signal, timeout: 5000 });
  worker.close();
  try {
    await grade('x');
  } catch (e) {
    if (e instanceof SudokitError) console.log(e.message, e.option, e.puzzles?.length);
  }
  const x: string | null = await solve('.'.repeat(256), { geometry: '16x16', alphabet: 'hex' });
  const broken: number[] = await check('.'.repeat(81), { geometry: 'x,windows' });
  const shape: GeometryInfo = await geometry('jigsaw:AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE');
  const windows: number[][] = shape.extras.filter((e) => e.rule === 'windows').map((e) => e.houses);
  const gid: string = await globalId('.'.repeat(36), { geometry: '6x6' });
  const form: string = await canonical('.'.repeat(36), { geometry: '6x6' });
  console.log(gid, form);
  const [vx] = await generate({ geometry: 'x', alphabet: 'letters', seed: 7, symmetry: 'rot180' });
  const status: 'unrated (variant)' | undefined = vx.status;
  const spelled: string | undefined = vx.geometry;
  console.log(status, spelled);
  const wn: number = await worker.countSolutions('.'.repeat(16), 2, { geometry: '4x4', timeout: 100 });
  console.log(accepted, steps, s, n, c, keys, v, direct, later, x, broken, shape.regions, windows, wn);

  // @ts-expect-error: symmetry is one of the named ones
  await generate({ symmetry: 'spiral' });
  // @ts-expect-error: reveal is area, technique or step
  await hint(first.puzzle, { reveal: 'all' });
  // @ts-expect-error: grade takes a string
  await grade(42);
  // @ts-expect-error: no such option
  await generate({ colour: 'red' });
  // @ts-expect-error: alphabet is digits, letters or hex
  await solve('.'.repeat(81), { alphabet: 'roman' });
  // @ts-expect-error: generate's alphabet too
  await generate({ geometry: 'x', alphabet: 'roman' });
}
void app;
