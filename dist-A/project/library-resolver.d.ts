import type { FileSystem } from '../sandbox/file-system.ts';
import type { LibraryInfo } from './types.ts';
import { type LibraryLocation } from './library-locations.ts';
/** Inputs of {@link resolveLibraries}. */
export interface ResolveLibrariesOptions {
    fs: FileSystem;
    locations: readonly LibraryLocation[];
    /** How the project is named in conflict messages (its manifest name). */
    requirer: string;
    /** The project's `dependencies`. */
    dependencies: readonly string[];
    /** Display path of the file declaring them (for error locations). */
    declaredIn: string | undefined;
    /** When the project is itself a library: its name, so a dependency back on it is a cycle. */
    selfName?: string;
}
/** Resolves the dependency closure; libraries in first-encounter (depth-first, manifest) order. */
export declare function resolveLibraries(options: ResolveLibrariesOptions): Promise<LibraryInfo[]>;
