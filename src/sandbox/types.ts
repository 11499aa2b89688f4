/** Types of the sandbox (docs/security.md): named mounts addressed by virtual POSIX paths. */
import type { FileSystem } from './file-system.ts';
import type { HeldRoots } from './held-roots.ts';

export type MountMode = 'ro' | 'rw';

/** A resolved mount: host directory (absolute) exposed at `/name` (or at `/` when `name` is ''). */
export interface MountSpec {
  name: string;
  hostRoot: string;
  mode: MountMode;
  /** Allowed suffixes, lower-case with the dot (`.md`); absent = any. */
  suffixes?: readonly string[];
  maxFileBytes?: number;
  /**
   * Set on a mount bound from a caller's view (docs/security.md): the caller's virtual path it shows. Its
   * `hostRoot` is then the real path checked at binding, and the mount is refused if that path stops
   * being real (a directory on the way swapped for a link since).
   */
  boundFrom?: string;
}

/** A directory of a sandbox as it may be handed to a callee's `${field}` mount: where it is and what may be done there. */
export interface BoundDirectory {
  /** The canonical virtual path in this sandbox. */
  virtual: string;
  /** Real host path (symlinks resolved), never shown to a model. */
  hostRoot: string;
  /** The mode this sandbox has there (read-only under a `readonly` restriction). */
  mode: MountMode;
  suffixes?: readonly string[];
  maxFileBytes?: number;
}

/** A narrowing declared by a worker on the call chain; restrictions only ever accumulate. */
export interface Restriction {
  /** Virtual path the worker is confined to, e.g. `/input`. */
  restrict?: string;
  readonly?: boolean;
}

export interface SandboxStat {
  path: string;
  exists: boolean;
  kind?: 'file' | 'directory';
  size?: number;
  /** ISO 8601 */
  mtime?: string;
}

/** What a model (through tools) may do with files. Every path is virtual; host paths never leak. */
export interface Sandbox {
  /**
   * Reads a text file. With `maxChars` (clamped to `MAX_READ_CHARS`) a longer file is cut there with
   * a truncation marker; without it the whole file is read, up to `MAX_WHOLE_READ_BYTES`.
   */
  read(path: string, options?: { maxChars?: number }): Promise<string>;
  /** Reads a whole file; one larger than `maxBytes` (or the mount's and the hard limit) is refused, judged on the opened file. */
  readBinary(path: string, options?: { maxBytes?: number }): Promise<Uint8Array>;
  write(path: string, content: string): Promise<void>;
  writeBinary(path: string, data: Uint8Array): Promise<void>;
  delete(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  /** Virtual paths of the files under `path` matching the glob `pattern` (relative to `path`), sorted. */
  list(path?: string, pattern?: string): Promise<string[]>;
  stat(path: string): Promise<SandboxStat>;
  /** Host directory for a virtual directory path, after every check (used only for a shell's cwd). */
  hostDirectory(path: string): Promise<string>;
  /**
   * What a shell's box must keep read-only inside the writable host directory `hostDir` (one that
   * {@link hostDirectory} returned), so a command cannot change the project's configuration either.
   */
  protectedLayout(hostDir: string): Promise<ProtectedLayout>;
  /** The mounts visible after restrictions, with virtual paths; for prompts and approval display. */
  describe(): { path: string; mode: MountMode }[];
  /**
   * The directory `path` as a callee's mount may show it (docs/security.md), after every check a use of it
   * would pass: in the scope, in a mount, symlinks staying inside, a directory. A directory holding
   * another mount is refused, as its files would reach the callee under this mount's mode and caps.
   * @throws SandboxError `invalid-path`, `outside-mount`, `symlink-escape`, `not-found`, `not-a-directory`
   */
  bindDirectory(path: string): Promise<BoundDirectory>;
  /** A new sandbox over the same mounts with one more restriction (never wider than this one). */
  narrow(restriction: Restriction): Sandbox;
}

/**
 * The project's own configuration as host paths (docs/security.md), named by the project layer: no write or
 * delete may change it, even inside a read-write mount. Paths need not exist or be real paths.
 */
export interface ProtectedPaths {
  /** Each protected with everything below it: `project.yaml`, `.llm-do`, the workers root, … */
  paths: readonly string[];
  /** Files with one of `suffixes` anywhere below `dir` (worker files when the workers root is the project root). */
  suffixRules?: readonly { dir: string; suffixes: readonly string[] }[];
}

/** Host paths a shell's box keeps read-only inside one writable directory (see {@link Sandbox.protectedLayout}). */
export interface ProtectedLayout {
  /** Existing protected files and directories (the writable directory itself when it is all configuration). */
  readOnly: string[];
  /**
   * Directories in which a protected name is missing or is a symbolic link: read-only themselves so
   * nothing can be created or relinked there, with `writable` (their other children) writable again.
   * Shallowest first.
   */
  sealed: { dir: string; writable: string[] }[];
}

export interface CreateSandboxOptions {
  fs: FileSystem;
  mounts: readonly MountSpec[];
  /** Restrictions of every worker on the chain, the caller's first. */
  restrictions?: readonly Restriction[];
  /**
   * How many of `restrictions` (the callers') the mounts with `boundFrom` were already held to when
   * they were bound; only the later ones apply to them. Not to a bound root mount, which would
   * cover every other mount: the callers' restrictions still narrow it.
   * @default restrictions.length - 1 (all but the worker's own)
   */
  boundAfter?: number;
  /** The run's abort signal: long operations (big reads and writes, list walks) stop when it fires. */
  signal?: AbortSignal;
  /** The project's configuration, which no worker may change. */
  protectedPaths?: ProtectedPaths;
  /**
   * Holds mount roots open between operations (`createHeldRoots`), shared by the sandboxes `narrow`
   * makes; whoever made it releases it. Without it every operation opens and checks its mount root.
   */
  roots?: HeldRoots;
}
