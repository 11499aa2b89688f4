import { n as checkChunks } from "./chunks/check-BgW5ioU2.js";
import { n as loadProject } from "./chunks/load-project-D2lg0gTi.js";
import { t as createNodeFileSystem } from "./chunks/node-file-system-B04V6Vr6.js";
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
