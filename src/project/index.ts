/**
 * The project layer: project loading and discovery, worker references, libraries, mounts, and `check`.
 * What sibling folders may import.
 */
export type { HostLimits, LibraryInfo, Project, ProjectOptions, TemplateDirs, ToolModuleRef, WorkerDefinition, WorkerEntry } from './types.ts';
export { loadProject, MANIFEST_FILES } from './load-project.ts';
export { detectTarget, isProjectDir, type DetectedTarget, type DetectTargetOptions } from './target.ts';
export { checkProject, type CheckOptions } from './check.ts';
export { formatDiagnostic, type Diagnostic } from './diagnostics.ts';
export { toolNameForWorker, MAX_TOOL_NAME_LENGTH } from '../tools/tool-name.ts';
export { workerIdForPath, workerFileCandidates, WORKER_EXTENSIONS } from './worker-ids.ts';
export {
  installLibrary,
  listLibraries,
  removeLibrary,
  libraryInfo,
  type InstalledLibrary,
  type LibraryDetails,
  type LibraryStoreOptions,
} from './library-store.ts';
export { installedLibrariesDir } from './library-locations.ts';
export { llmDoHomeDir } from './llm-do-home.ts';
export { readUserConfig, userConfigPath } from './user-config.ts';
export { resolveMounts, parseMountGrant } from './mount-table.ts';
export type { MountGrant, ResolveMountsOptions } from './mount-table.ts';
