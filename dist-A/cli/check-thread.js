import { n as checkChunks } from "./chunks/check-BV96Cwpx.js";
import { n as loadProject } from "./chunks/load-project-BabAhG4L.js";
import { t as createNodeFileSystem } from "./chunks/node-file-system-D-O8cv29.js";
import { parentPort, workerData } from "node:worker_threads";
// src/cli/check-thread.ts
/**
* Entry of a `check` helper thread (`check-threads.ts`): opens the project again from the options
* it was opened with, takes chunks of the shared work until none is left, posting each chunk's
* diagnostics, then posts `null`.
*/
const port = parentPort;
const { options, work } = workerData;
const project = await loadProject({
	...options,
	fs: createNodeFileSystem()
});
await checkChunks(project, work, {}, (chunk, diagnostics) => port.postMessage({
	chunk,
	diagnostics
}));
port.postMessage(null);
export {};
