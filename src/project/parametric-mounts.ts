/**
 * Parametric sandboxes (docs/security.md): a mount root written `${field}` takes its directory from a string
 * field of the worker's `schema_in` at each call. This module finds such mounts, checks them against
 * the schema (`check` and every run), and binds an entry worker's value from the host
 * ({@link bindHostDirectory}); a delegated call's value is bound by its caller's sandbox. Either way
 * the checks are the sandbox's own, and `boundMountSpec` (`mount-table.ts`) makes the mount the
 * callee serves, never wider than the view it came from.
 */
import { posix } from 'node:path';
import { ProjectError, SandboxError } from '../errors.ts';
import { createSandbox } from '../sandbox/sandbox.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import type { BoundDirectory, MountSpec } from '../sandbox/types.ts';
import type { JsonSchemaObject } from '../worker-file/json-schema.ts';
import type { MountConfig, SandboxConfig } from '../worker-file/schema.ts';
import { isWithinDir, parametricField, type MountGrant } from './mount-table.ts';

/** A mount whose root is `${field}`. */
export interface ParametricMount {
  /** Mount name: `''` for `sandbox.root` (mounted at `/`), else `NAME` of `sandbox.paths.NAME`. */
  name: string;
  /** The `schema_in` field that names its directory. */
  field: string;
  /** Where it is declared, for messages: `sandbox.paths.docs.root`. */
  configField: string;
  mount: MountConfig;
}

/** The mounts of `config` (root first, then paths in order), each with its root text and where it is declared. */
function declaredMounts(config: SandboxConfig | undefined): { name: string; configField: string; mount: MountConfig }[] {
  const out: { name: string; configField: string; mount: MountConfig }[] = [];
  if (config?.root !== undefined) {
    const simple = typeof config.root === 'string';
    out.push({
      name: '',
      configField: simple ? 'sandbox.root' : 'sandbox.root.root',
      mount: simple ? { root: config.root as string } : (config.root as MountConfig),
    });
  }
  for (const [name, mount] of Object.entries(config?.paths ?? {})) out.push({ name, configField: `sandbox.paths.${name}.root`, mount });
  return out;
}

/** The mounts of `config` whose root is `${field}`. */
export function parametricMounts(config: SandboxConfig | undefined): ParametricMount[] {
  return declaredMounts(config).flatMap(({ name, configField, mount }) => {
    const field = parametricField(mount.root);
    return field === undefined ? [] : [{ name, field, configField, mount }];
  });
}

/** The virtual path a mount is seen at. */
export function mountPathOf(name: string): string {
  return name === '' ? '/' : `/${name}`;
}

function isStringField(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const type = (schema as { type?: unknown }).type;
  return type === 'string' || (Array.isArray(type) && type.length > 0 && type.every((t) => t === 'string' || t === 'null'));
}

/**
 * Problems of the `${...}` roots of a worker's sandbox: a root that uses `${` other than as exactly
 * `${field}`, a worker without `schema_in`, a field `schema_in` does not declare, a field that is not
 * a string. `schemaIn` undefined means "no schema_in"; pass `'unknown'` when it is a module not yet
 * imported (only the form of the roots is checked then).
 */
export function checkParametricMounts(
  config: SandboxConfig | undefined,
  schemaIn: JsonSchemaObject | undefined | 'unknown',
  displayPath: string,
): ProjectError[] {
  const problems: ProjectError[] = [];
  for (const { name, configField, mount } of declaredMounts(config)) {
    const location = { file: displayPath, field: configField };
    const field = parametricField(mount.root);
    if (field === undefined) {
      if (mount.root.includes('${')) {
        problems.push(
          new ProjectError(
            'invalid-field',
            `${configField} ${JSON.stringify(mount.root)}: a parametric root is exactly \${field}, naming a string field of schema_in (e.g. \${dir}); it cannot be combined with other text`,
            location,
          ),
        );
      }
      continue;
    }
    if (schemaIn === 'unknown') continue;
    const at = `the mount ${mountPathOf(name)}`;
    if (schemaIn === undefined) {
      problems.push(
        new ProjectError(
          'invalid-field',
          `${configField} is \${${field}}, but the worker has no schema_in to take ${field} from; declare schema_in with a string field ${field} (the directory of ${at})`,
          location,
        ),
      );
      continue;
    }
    const properties = (schemaIn.properties ?? {}) as Record<string, unknown>;
    if (!Object.hasOwn(properties, field)) {
      const known = Object.keys(properties);
      const valid = known.length > 0 ? `schema_in declares ${known.join(', ')}` : 'schema_in declares no fields';
      problems.push(
        new ProjectError(
          'invalid-field',
          `${configField} is \${${field}}, but schema_in has no field ${field} (${valid}); add a string field ${field} or name one of those`,
          location,
        ),
      );
    } else if (!isStringField(properties[field])) {
      problems.push(
        new ProjectError(
          'invalid-field',
          `${configField} is \${${field}}, but schema_in field ${field} is not a string; a mount's directory is a path, so declare it {type: string}`,
          location,
        ),
      );
    }
  }
  return problems;
}

/** Where an entry's `${field}` value may point: the project root, or a `--mount` grant. */
export interface HostBindingOptions {
  fs: FileSystem;
  /** Absolute host path of the project root; a relative value resolves against it. */
  projectRoot: string;
  grants: readonly MountGrant[];
}

/**
 * Binds the value of an entry worker's `${field}` (from the command line, the library or a test
 * case): a host directory, relative to the project root or absolute, that lies inside the project
 * or inside a `--mount` grant (whose mode then applies). It is checked by a sandbox over just that
 * directory, so `..`, symlinks leading out, files and missing directories are refused as for a model.
 * @throws SandboxError naming the value and what would be valid.
 */
export async function bindHostDirectory(value: string, options: HostBindingOptions): Promise<BoundDirectory> {
  if (value.includes('\u0000')) throw new SandboxError('invalid-path', JSON.stringify(value), `${JSON.stringify(value)} contains a NUL byte`);
  const projectRoot = posix.resolve(options.projectRoot);
  const host = posix.resolve(projectRoot, value);
  const grant = options.grants
    .filter((candidate) => isWithinDir(host, posix.resolve(candidate.hostDir)))
    .sort((a, b) => b.hostDir.length - a.hostDir.length)[0];
  const mount: MountSpec = grant
    ? { name: grant.name, hostRoot: posix.resolve(grant.hostDir), mode: grant.mode }
    : { name: '', hostRoot: projectRoot, mode: 'rw' };
  if (!grant && !isWithinDir(host, projectRoot)) {
    const grants =
      options.grants.length > 0 ? ` or inside a --mount grant (${options.grants.map((g) => g.name).join(', ')})` : ', or grant it with --mount NAME=DIR';
    throw new SandboxError(
      'outside-mount',
      JSON.stringify(value),
      `${JSON.stringify(value)} is outside the project; give a directory inside the project (relative to its root)${grants}`,
    );
  }
  const below = posix.relative(mount.hostRoot, host);
  const virtual = posix.join(mountPathOf(mount.name), below);
  const sandbox = createSandbox({ fs: options.fs, mounts: [mount] });
  try {
    return await sandbox.bindDirectory(virtual);
  } catch (error) {
    if (!SandboxError.isInstance(error)) throw error;
    // The sandbox names its own virtual path; the user gave a host path.
    const shown = JSON.stringify(value);
    const where = grant ? `the --mount ${grant.name} directory` : 'the project';
    const reasons: Partial<Record<SandboxError['code'], string>> = {
      'not-found': `${shown} does not exist`,
      'not-a-directory': `${shown} is not a directory`,
      'symlink-escape': `${shown} leads out of ${where} through a symbolic link`,
    };
    throw new SandboxError(error.code, shown, reasons[error.code] ?? error.message.replaceAll(virtual, shown), { cause: error });
  }
}
