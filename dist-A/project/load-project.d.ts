import type { Project, ProjectOptions } from './types.ts';
/** Manifest file names; both present is an error. */
export declare const MANIFEST_FILES: readonly ["project.yaml", "llm-do.yaml"];
/**
 * Loads a project (or a single worker file with `standalone`). Throws ProjectError for an invalid
 * manifest, both manifests present, or a library problem (not found, version conflict, cycle).
 * Relative `libPaths` resolve against the root.
 *
 * @example
 * const project = await loadProject({ fs: createNodeFileSystem(), root: '/work/my-project', homeDir: os.homedir() });
 * const main = await project.resolveWorker(project.entryId);
 */
export declare function loadProject(options: ProjectOptions): Promise<Project>;
