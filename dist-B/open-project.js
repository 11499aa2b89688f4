/**
 * `loadProject(dir)`: the one-call way to open a project from Node, with the Node file system and
 * the user's home directory filled in.
 */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { loadProject as loadProjectWith } from "./project/load-project.js";
import { detectTarget } from "./project/target.js";
import { createNodeFileSystem } from "./sandbox/node-file-system.js";
/**
 * Loads the project at `dir` (a directory with `main.worker` or a manifest, or a worker file).
 * @example
 * const project = await loadProject('examples/greeter');
 * const { result } = runWorker({ project, input: 'Ada', model: 'test' });
 */
export async function loadProject(dir, options = {}) {
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
