export { loadProject, MANIFEST_FILES } from "./load-project.js";
export { detectTarget, isProjectDir } from "./target.js";
export { checkProject } from "./check.js";
export { formatDiagnostic } from "./diagnostics.js";
export { toolNameForWorker, MAX_TOOL_NAME_LENGTH } from "./tool-name.js";
export { workerIdForPath, workerFileCandidates, WORKER_EXTENSIONS } from "./worker-ids.js";
export { installLibrary, listLibraries, removeLibrary, libraryInfo, } from "./library-store.js";
export { installedLibrariesDir } from "./library-locations.js";
export { resolveMounts, parseMountGrant } from "./mount-table.js";
