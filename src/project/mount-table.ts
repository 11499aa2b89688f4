/**
 * From sandbox configuration (docs/security.md) and `--mount` grants to the list of mounts a sandbox
 * serves. Pure path arithmetic: nothing here touches the disk; the sandbox re-checks every access
 * against the real (symlink-resolved) mount roots.
 */
import { posix } from 'node:path';
import { ProjectError, UsageError } from '../errors.ts';
import type { BoundDirectory, MountMode, MountSpec } from '../sandbox/types.ts';
import { MOUNT_NAME_PATTERN } from '../worker-file/schema.ts';
import type { MountConfig, SandboxConfig } from '../worker-file/schema.ts';

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
   * What to mount when the config declares no mounts: the project root at `/`, read-only (docs/security.md),
   * or nothing.
   * @default 'project-root-ro'
   */
  fallback?: 'project-root-ro' | 'none';
  /**
   * Mounts bound for the config's `${field}` roots (docs/security.md, `parametric-mounts.ts`), by name; they
   * take precedence over a grant of the same name. A `${field}` root without one is left out (as when
   * `check` plans a worker: its directory is known only at a call).
   */
  bound?: readonly MountSpec[];
}

function normalizeSuffix(suffix: string): string {
  const lower = suffix.trim().toLowerCase();
  return lower.startsWith('.') ? lower : `.${lower}`;
}

/** True when the absolute host path `path` is `dir` or inside it (lexically). */
export function isWithinDir(path: string, dir: string): boolean {
  const rel = posix.relative(dir, path);
  return !(rel === '..' || rel.startsWith('../') || posix.isAbsolute(rel));
}

const PARAMETRIC_ROOT = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The `schema_in` field a mount root written `${field}` names (docs/security.md), or undefined for an ordinary path. */
export function parametricField(root: string): string | undefined {
  return PARAMETRIC_ROOT.exec(root)?.[1];
}

function fromConfig(name: string, mount: MountConfig, field: string, options: ResolveMountsOptions, projectRoot: string): MountSpec {
  const hostRoot = posix.resolve(projectRoot, mount.root);
  if (!isWithinDir(hostRoot, projectRoot)) {
    const grantHint = name === '' ? 'use a directory inside it' : `use a directory inside it, or grant it with --mount ${name}=DIR`;
    throw new ProjectError('path-escape', `sandbox root ${mount.root} escapes project root (${grantHint})`, {
      file: options.displayPath,
      field,
    });
  }
  return withCaps({ name, hostRoot, mode: mount.mode ?? 'ro' }, mount);
}

function withCaps(spec: MountSpec, mount: MountConfig | undefined): MountSpec {
  if (mount?.suffixes) spec.suffixes = mount.suffixes.map(normalizeSuffix);
  if (mount?.max_file_bytes !== undefined) spec.maxFileBytes = mount.max_file_bytes;
  return spec;
}

/**
 * The mount a `${field}` root (`declared`, named `name`) serves once `source` is bound to it: the
 * source's directory, with the declared mode narrowed to the source's (`ro` there stays `ro`), and
 * only the suffixes and file sizes both allow.
 */
export function boundMountSpec(name: string, declared: MountConfig, source: BoundDirectory): MountSpec {
  const mode = source.mode === 'ro' ? 'ro' : (declared.mode ?? 'ro');
  const own = withCaps({ name, hostRoot: source.hostRoot, mode, boundFrom: source.virtual }, declared);
  const suffixes = own.suffixes && source.suffixes ? own.suffixes.filter((suffix) => source.suffixes!.includes(suffix)) : (own.suffixes ?? source.suffixes);
  if (suffixes) own.suffixes = suffixes;
  const sizes = [own.maxFileBytes, source.maxFileBytes].filter((size): size is number => size !== undefined);
  if (sizes.length > 0) own.maxFileBytes = Math.min(...sizes);
  return own;
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
export function resolveMounts(options: ResolveMountsOptions): MountSpec[] {
  const { config, grants = [], fallback = 'project-root-ro' } = options;
  const projectRoot = posix.resolve(options.projectRoot);
  const granted = new Map(grants.map((grant) => [grant.name, grant]));
  const mounts: MountSpec[] = [];

  const bound = new Map((options.bound ?? []).map((spec) => [spec.name, spec]));
  /** A `${field}` root: its bound mount, if any; `undefined` for an ordinary root. */
  const parametric = (name: string, mount: MountConfig): MountSpec[] | undefined => {
    if (parametricField(mount.root) === undefined) return undefined;
    granted.delete(name);
    const spec = bound.get(name);
    return spec ? [spec] : [];
  };
  if (config?.root !== undefined) {
    const root = typeof config.root === 'string' ? { root: config.root } : config.root;
    const field = typeof config.root === 'string' ? 'sandbox.root' : 'sandbox.root.root';
    mounts.push(...(parametric('', root) ?? [fromConfig('', root, field, options, projectRoot)]));
  }
  for (const [name, mount] of Object.entries(config?.paths ?? {})) {
    const grant = granted.get(name);
    const boundSpecs = parametric(name, mount);
    if (boundSpecs) {
      mounts.push(...boundSpecs);
    } else if (grant) {
      mounts.push(withCaps({ name, hostRoot: posix.resolve(grant.hostDir), mode: grant.mode }, mount));
      granted.delete(name);
    } else {
      mounts.push(fromConfig(name, mount, `sandbox.paths.${name}.root`, options, projectRoot));
    }
  }
  if (mounts.length === 0 && fallback === 'project-root-ro') {
    mounts.push({ name: '', hostRoot: projectRoot, mode: 'ro' });
  }
  for (const grant of granted.values()) {
    mounts.push({ name: grant.name, hostRoot: posix.resolve(grant.hostDir), mode: grant.mode });
  }
  return mounts;
}

/**
 * Parses one `--mount NAME=DIR[:ro|rw]` value; DIR is resolved against `cwd`; mode defaults to `ro`.
 *
 * @throws UsageError naming `--mount` when the name, directory or mode is malformed.
 * @example parseMountGrant('data=../shared:rw', '/home/me/proj') // → { name: 'data', hostDir: '/home/me/shared', mode: 'rw' }
 */
export function parseMountGrant(text: string, cwd: string): MountGrant {
  const usage = `--mount expects NAME=DIR[:ro|rw], e.g. --mount data=./data:rw; got ${JSON.stringify(text)}`;
  const equals = text.indexOf('=');
  if (equals <= 0) throw new UsageError(usage);
  const name = text.slice(0, equals);
  let dir = text.slice(equals + 1);
  if (!MOUNT_NAME_PATTERN.test(name)) {
    throw new UsageError(`--mount name ${JSON.stringify(name)} is not valid: mount names use letters, digits, _ . - (${usage})`);
  }
  let mode: MountMode = 'ro';
  const suffix = /:(ro|rw)$/.exec(dir);
  if (suffix) {
    mode = suffix[1] as MountMode;
    dir = dir.slice(0, -suffix[0].length);
  } else if (/:[A-Za-z]*$/.test(dir)) {
    throw new UsageError(`--mount mode must be :ro or :rw (${usage})`);
  }
  if (dir === '' || dir.includes('\u0000')) throw new UsageError(`--mount needs a directory after "${name}=" (${usage})`);
  return { name, hostDir: posix.resolve(cwd, dir), mode };
}
