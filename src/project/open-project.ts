/**
 * `loadProject(dir)`: the one-call way to open a project from Node, with the Node file system and
 * the user's home directory filled in.
 */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { loadProject as loadProjectWith } from './load-project.ts';
import { detectTarget } from './target.ts';
import type { Project, ProjectOptions } from './types.ts';
import { readUserConfig, userConfigPath } from './user-config.ts';
import { createNodeFileSystem } from '../sandbox/node-file-system.ts';
import type { UserConfig } from '../worker-file/schema.ts';

export type LoadProjectOptions = Partial<Omit<ProjectOptions, 'root'>>;

/**
 * Reads the user config, `$LLM_DO_HOME/config.yaml` (default `~/.llm-do/config.yaml`), as the CLI
 * does; pass it to {@link loadProject} as `userConfig`. Undefined when the file does not exist.
 *
 * @throws ProjectError naming the file, line and field of a malformed config.
 * @example
 * const project = await loadProject('examples/greeter', { userConfig: await loadUserConfig() });
 */
export async function loadUserConfig(options: { env?: Record<string, string | undefined>; homeDir?: string } = {}): Promise<UserConfig | undefined> {
  const file = userConfigPath({ env: options.env ?? process.env, homeDir: options.homeDir ?? homedir() });
  return readUserConfig(createNodeFileSystem(), file);
}

/**
 * Loads the project at `dir` (a directory with `main.worker` or a manifest, or a worker file).
 * @example
 * const project = await loadProject('examples/greeter');
 * const { result } = runWorker({ project, input: 'Ada', model: 'test' });
 */
export async function loadProject(dir: string, options: LoadProjectOptions = {}): Promise<Project> {
  const fs = options.fs ?? createNodeFileSystem();
  const env = options.env ?? process.env;
  const homeDir = options.homeDir ?? homedir();
  const located = await detectTarget(dir, { fs, cwd: process.cwd(), env, homeDir });
  const project = await loadProjectWith({
    ...options,
    fs,
    env,
    homeDir,
    root: located.root,
    ...(located.standaloneFile ? { standalone: { file: located.standaloneFile } } : {}),
  });
  if (located.workerFile && !located.standaloneFile) {
    // A worker file inside a project: make it the entry.
    const entry = `./${located.workerFile.slice(resolve(located.root).length + 1)}`;
    const definition = await project.resolveWorker(entry);
    return project.withEntry(definition.id);
  }
  return project;
}
