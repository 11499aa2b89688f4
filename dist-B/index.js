/**
 * llm-do's library API: the same engine the CLI uses.
 *
 * @example
 * import { loadProject, runWorker } from 'llm-do';
 * const project = await loadProject('examples/greeter');
 * const { events, result } = runWorker({ project, input: 'Ada', model: 'test' });
 * for await (const event of events) console.error(event.type);
 * console.log((await result).output);
 *
 * @module llm-do
 */
export * from "./errors.js";
export { loadProject } from "./open-project.js";
export { runWorker, DEFAULT_MAX_DEPTH, DEFAULT_MAX_STEPS } from "./runtime/index.js";
export { startChatSession } from "./runtime/index.js";
export { createPromptAssembler } from "./runtime/index.js";
export { resumeRun, pendingApprovals, STATE_VERSION } from "./runtime/index.js";
export { checkProject, formatDiagnostic } from "./project/index.js";
export { openProjectGrants, GRANTS_FILE } from "./approval/grants.js";
export { createNodeFileSystem } from "./sandbox/node-file-system.js";
export { createMemoryFileSystem } from "./sandbox/memory-file-system.js";
export { defineTool } from "./tools/define-tool.js";
