// index.d.ts against an app's code: web/test/types/usage.ts compiles with
// TypeScript (Debian's node-typescript, tsc --strict) against the built
// package, installed under node_modules/sudokit in a temporary project the
// way npm installs it, and its @ts-expect-error lines (calls the types must
// refuse) are each needed. Needs SUDOKIT_WEB_PACKAGE.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(process.env.SUDOKIT_WEB_PACKAGE ?? '');
assert.ok(fs.existsSync(path.join(packageDir, 'index.d.ts')), 'SUDOKIT_WEB_PACKAGE: the built package');

test('the types accept what an app writes and refuse its mistakes', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sudokit-types-'));
  try {
    fs.mkdirSync(path.join(tmp, 'node_modules'));
    fs.cpSync(packageDir, path.join(tmp, 'node_modules/sudokit'), { recursive: true });
    fs.copyFileSync(path.join(here, 'types/usage.ts'), path.join(tmp, 'usage.ts'));
    fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', private: true }));
    const r = spawnSync('tsc', ['--strict', '--noEmit', '--target', 'es2022', '--module', 'node16', '--moduleResolution', 'node16',
                                '--lib', 'es2022,dom', 'usage.ts'], { cwd: tmp, encoding: 'utf8' });
    assert.equal(r.error, undefined, 'tsc: Debian\'s node-typescript (tools/setup.sh web installs it)');
    assert.equal(r.status, 0, r.stdout + r.stderr);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
