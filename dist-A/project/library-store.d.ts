import type { FileSystem } from '../sandbox/file-system.ts';
import type { LibraryManifest } from '../worker/schema.ts';
/** An installed library. */
export interface InstalledLibrary {
    name: string;
    version: string;
    description?: string;
    /** Host directory. */
    root: string;
    manifest: LibraryManifest;
}
/** {@link InstalledLibrary} plus the ids of its workers (for `lib info`). */
export interface LibraryDetails extends InstalledLibrary {
    workers: string[];
}
/** Where installs go and how dependencies of the library being installed are found. */
export interface LibraryStoreOptions {
    fs: FileSystem;
    homeDir: string;
    env?: Record<string, string | undefined>;
}
/**
 * Validates the library in `sourceDir` (valid `lib.yaml`, dependencies resolvable, every exported
 * worker loads) and copies it to `<home>/.llm-do/libs/NAME@VERSION/`. Refuses to overwrite an
 * installed version (ProjectError, exit 2).
 */
export declare function installLibrary(options: LibraryStoreOptions, sourceDir: string): Promise<InstalledLibrary>;
/** Installed libraries, by name then version. */
export declare function listLibraries(options: LibraryStoreOptions): Promise<InstalledLibrary[]>;
/** Removes `NAME@VERSION`, or every installed version of `NAME`. Returns what was removed. */
export declare function removeLibrary(options: LibraryStoreOptions, spec: string): Promise<InstalledLibrary[]>;
/** Details of every installed version of `NAME` (or of `NAME@VERSION`), newest last. */
export declare function libraryInfo(options: LibraryStoreOptions, spec: string): Promise<LibraryDetails[]>;
