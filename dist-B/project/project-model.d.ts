import type { Manifest } from '../worker/schema.ts';
import { type Scope } from './scope.ts';
import type { LibraryInfo, Project, ProjectOptions, WorkerEntry } from './types.ts';
/** Everything `loadProject` worked out, from which the project object is built. */
export interface ProjectInit {
    options: ProjectOptions;
    root: string;
    name: string;
    standalone: boolean;
    manifest: Manifest | undefined;
    manifestFile: string | undefined;
    libraries: LibraryInfo[];
    entryId: string;
    projectScope: Scope;
    libraryScopes: ReadonlyMap<string, Scope>;
    builtinScope?: Scope;
}
/** Builds the project object. */
export declare function createProject(init: ProjectInit): Project;
/**
 * `project` for one `check` pass: the same project on a snapshot of its file system
 * (`snapshot-file-system.ts`), sharing its scans; `scanned`, when given, is its scan (made by
 * another thread). A project this module did not build is returned as it is.
 */
export declare function checkPassView(project: Project, scanned?: readonly WorkerEntry[]): Project;
