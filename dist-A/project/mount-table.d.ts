import type { MountMode, MountSpec } from '../sandbox/types.ts';
import type { SandboxConfig } from '../worker/schema.ts';
/** A mount granted on the command line (`--mount NAME=DIR[:ro|rw]`); it may point outside the project. */
export interface MountGrant {
    name: string;
    /** Absolute host directory. */
    hostDir: string;
    mode: MountMode;
}
/** Options of {@link resolveMounts}. */
export interface ResolveMountsOptions {
    /** Absolute host path of the project root; config roots are relative to it. */
    projectRoot: string;
    /** The worker's effective `sandbox:` config (project defaults merged with the worker's own). */
    config: SandboxConfig | undefined;
    /** CLI grants: each replaces or adds the mount of its name, and may leave the project root. */
    grants?: readonly MountGrant[];
    /** The config file as the user would name it, for error locations. */
    displayPath?: string;
    /**
     * What to mount when the config declares no mounts: the project root at `/`, read-only (SPEC §7),
     * or nothing.
     * @default 'project-root-ro'
     */
    fallback?: 'project-root-ro' | 'none';
}
/**
 * The mounts a worker's sandbox serves: `sandbox.root` at `/` (name `''`), each `sandbox.paths.NAME`
 * at `/NAME`, then the grants. Modes default to `ro`; suffixes become lower-case with a leading dot.
 * A grant keeps the suffix and size caps the config declared for that name, with its own directory
 * and mode.
 *
 * @throws ProjectError `path-escape` when a configured root (not replaced by a grant) resolves
 * outside the project root.
 * @example
 * resolveMounts({ projectRoot: '/p', config: { paths: { input: { root: './input' } } } })
 * // → [{ name: 'input', hostRoot: '/p/input', mode: 'ro' }]
 */
export declare function resolveMounts(options: ResolveMountsOptions): MountSpec[];
/**
 * Parses one `--mount NAME=DIR[:ro|rw]` value; DIR is resolved against `cwd`; mode defaults to `ro`.
 *
 * @throws UsageError naming `--mount` when the name, directory or mode is malformed.
 * @example parseMountGrant('data=../shared:rw', '/home/me/proj') // → { name: 'data', hostDir: '/home/me/shared', mode: 'rw' }
 */
export declare function parseMountGrant(text: string, cwd: string): MountGrant;
