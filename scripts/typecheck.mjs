// Type-checks every TypeScript project, two at a time (the machines here have two cores): the
// five checks take about half the time they take one after another. Fails when any one fails,
// after all have printed their errors.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// The slowest first, so the last one to start is a short one.
const PROJECTS = ['apps/server', 'bench', 'apps/web', 'e2e', 'packages/domain'];
const TSC = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project], { stdio: 'inherit' });
    child.on('exit', (code) => resolve({ project, ok: code === 0 }));
  });
}

const queue = [...PROJECTS];
const results = [];
const worker = async () => {
  for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
};
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));
const failed = results.filter((r) => !r.ok).map((r) => r.project);
if (failed.length > 0) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`typecheck: ${PROJECTS.length} projects clean`);
