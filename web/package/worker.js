// The worker behind createWorker() (index.js): a Web Worker (module) in a
// page, a worker_threads Worker in Node. Each message { id, method, args }
// runs the engine's synchronous function and answers { id, result } or
// { id, error: { message, option, puzzles } }; calls run one at a time.
import { load } from './index.js';

const engine = load();
const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

async function handle(msg, reply) {
  const { id, method, args } = msg;
  try {
    const e = await engine;
    if (!['generate', 'grade', 'hint', 'solve', 'countSolutions', 'check', 'geometry', 'canonical', 'globalId', 'techniques'].includes(method))
      throw new Error(`unknown method '${method}'`);
    const result = e[method](...args);
    reply({ id, result, report: method === 'generate' ? result.report : undefined });
  } catch (error) {
    reply({ id, error: { message: error.message, option: error.option, puzzles: error.puzzles } });
  }
}

if (isNode && typeof self === 'undefined') {
  const { parentPort } = await import('node:worker_threads');
  parentPort.on('message', (msg) => handle(msg, (m) => parentPort.postMessage(m)));
} else {
  self.addEventListener('message', (event) => handle(event.data, (m) => self.postMessage(m)));
}
