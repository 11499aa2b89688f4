/**
 * Entry of a `check` helper thread (`check-threads.ts`): opens the project again from the options
 * it was opened with (while the main thread scans), waits to be posted the shared work, takes its
 * chunks until none is left, posting each chunk's diagnostics, then posts `null`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkChunks, type CheckWork } from '../project/check.ts';
import { loadProject } from '../project/load-project.ts';
import { createNodeFileSystem } from '../sandbox/node-file-system.ts';
import type { CheckThreadData, CheckThreadMessage } from './check-threads.ts';

const port = parentPort!;
const { options } = workerData as CheckThreadData;
// Listening before opening the project: the work may be posted while it opens.
const posted = new Promise<CheckWork>((resolve) => port.once('message', resolve));
// No top-level await: the bundled CLI is CommonJS (scripts/bundle-cli.mjs).
void (async () => {
  const project = await loadProject({ ...options, fs: createNodeFileSystem() });
  const work = await posted;
  await checkChunks(project, work, {}, (chunk, diagnostics) => port.postMessage({ chunk, diagnostics } satisfies CheckThreadMessage));
  port.postMessage(null satisfies CheckThreadMessage);
})();
