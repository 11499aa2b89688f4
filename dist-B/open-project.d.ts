import type { Project, ProjectOptions } from './project/types.ts';
export type LoadProjectOptions = Partial<Omit<ProjectOptions, 'root'>>;
/**
 * Loads the project at `dir` (a directory with `main.worker` or a manifest, or a worker file).
 * @example
 * const project = await loadProject('examples/greeter');
 * const { result } = runWorker({ project, input: 'Ada', model: 'test' });
 */
export declare function loadProject(dir: string, options?: LoadProjectOptions): Promise<Project>;
