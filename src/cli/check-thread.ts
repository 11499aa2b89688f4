/**
 * Entry of a `check` helper thread (`check-threads.ts`): opens the project again from the options
 * it was opened with, takes chunks of the shared work until none is left, posting each chunk's
 * diagnostics, then posts `null`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkChunks } from '../project/check.ts';
import { loadProject } from '../project/load-project.ts';
import { createNodeFileSystem } from '../sandbox/node-file-system.ts';
import type { CheckThreadData, CheckThreadMessage } from './check-threads.ts';

const port = parentPort!;
const { options, work } = workerData as CheckThreadData;
// No top-level await: the bundled CLI is CommonJS (scripts/bundle-cli.mjs).
void (async () => {
  const project = await loadProject({ ...options, fs: createNodeFileSystem() });
  await checkChunks(project, work, {}, (chunk, diagnostics) => port.postMessage({ chunk, diagnostics } satisfies CheckThreadMessage));
  port.postMessage(null satisfies CheckThreadMessage);
})();
