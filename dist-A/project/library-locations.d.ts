import type { FileSystem } from '../sandbox/file-system.ts';
import type { LibraryManifest } from '../worker/schema.ts';
/** A place libraries are looked for, with how to name it in messages. */
export interface LibraryLocation {
    path: string;
    /** `--lib ./libs`, `LLM_DO_LIBS /opt/libs`, or the installed-libraries dir. */
    label: string;
}
/** A library found on disk (not yet chosen). */
export interface LibraryCandidate {
    root: string;
    manifest: LibraryManifest;
    /** Index of the location it was found in (lower = searched first). */
    location: number;
}
/** `<homeDir>/.llm-do/libs`: where `lib install` copies libraries. */
export declare function installedLibrariesDir(homeDir: string): string;
/** The search locations, in order. Relative `--lib` paths and `LLM_DO_LIBS` entries resolve against `cwd`. */
export declare function libraryLocations(options: {
    libPaths?: readonly string[];
    env?: Record<string, string | undefined>;
    homeDir: string;
    cwd: string;
}): LibraryLocation[];
/** Reads and validates `<dir>/lib.yaml`. */
export declare function readLibraryManifest(fs: FileSystem, dir: string): Promise<LibraryManifest>;
/**
 * Every library named `name` in the locations, in search order. A `NAME@VERSION/` directory whose
 * `lib.yaml` says otherwise is an `invalid-library` error.
 */
export declare function findLibraryCandidates(fs: FileSystem, locations: readonly LibraryLocation[], name: string): Promise<LibraryCandidate[]>;
/** Every library directly under a libraries directory (`NAME/` or `NAME@VERSION/` with `lib.yaml`). */
export declare function listLibraryDirs(fs: FileSystem, dir: string): Promise<LibraryCandidate[]>;
