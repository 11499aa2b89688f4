/**
 * Binding a worker's `${field}` mounts for one call (docs/security.md). A delegated call's value is a
 * virtual path of the caller's sandbox, bound to what the caller sees there; the entry's value is a
 * host directory inside the project or a `--mount` grant. Either way the sandbox's own checks decide,
 * and a value they refuse is an input error naming the field: a tool error result for a calling
 * model, exit code 2 for the command line.
 */
import { ProjectError, SandboxError } from '../errors.ts';
import { boundMountSpec } from '../project/mount-table.ts';
import { bindHostDirectory, mountPathOf, parametricMounts } from '../project/parametric-mounts.ts';
import type { BoundDirectory, MountSpec, Sandbox } from '../sandbox/types.ts';
import type { BoundMountEvent } from './events.ts';
import type { WorkerDefinition } from '../project/types.ts';
import type { WorkerInput } from './input.ts';
import type { PreparedWorker, RunContext } from './run-context.ts';

/** Where a call's `${field}` values are looked up. */
type Binder = (value: string) => Promise<BoundDirectory>;

/** `hint` follows a refusal of the binder: what would have been valid. */
async function bindMounts(worker: PreparedWorker, input: WorkerInput, bind: Binder | string, hint = ''): Promise<MountSpec[]> {
  const { definition } = worker;
  const mounts: MountSpec[] = [];
  for (const parametric of parametricMounts(definition.config.sandbox)) {
    const { field } = parametric;
    const at = `the directory of its mount ${mountPathOf(parametric.name)}`;
    const value = typeof input.value === 'object' ? input.value[field] : undefined;
    const fail = (reason: string) => new ProjectError('invalid-input', `input field ${field} of worker ${definition.id} (${at}): ${reason}`);
    if (typeof value !== 'string' || value === '')
      throw fail(`give a directory path as a string; got ${value === undefined ? 'nothing' : JSON.stringify(value)}`);
    if (typeof bind === 'string') throw fail(bind);
    try {
      mounts.push(boundMountSpec(parametric.name, parametric.mount, await bind(value)));
    } catch (error) {
      if (SandboxError.isInstance(error)) throw fail(error.message + hint);
      throw error;
    }
  }
  return mounts;
}

/**
 * The `${field}` mounts of a delegated call, bound in the caller's sandbox.
 * @throws ProjectError `invalid-input` naming the field when a value is missing or the caller's view refuses it.
 */
export function bindCalleeMounts(callerId: string, callerSandbox: Sandbox | undefined, callee: PreparedWorker, input: WorkerInput): Promise<MountSpec[]> {
  if (!callerSandbox) return bindMounts(callee, input, `worker ${callerId} has no sandbox, so it has no directory to hand over`);
  const visible = callerSandbox.describe().map(({ path, mode }) => `${path} (${mode})`);
  const hint = visible.length > 0 ? ` (give a directory inside ${visible.join(', ')})` : '';
  return bindMounts(callee, input, (value) => callerSandbox.bindDirectory(value), hint);
}

/**
 * The `${field}` mounts of an entry call: host directories inside the project (relative to its root)
 * or a `--mount` grant.
 * @throws ProjectError `invalid-input` naming the field.
 */
export function bindEntryMounts(ctx: RunContext, entry: PreparedWorker, input: WorkerInput): Promise<MountSpec[]> {
  const { project, grants } = ctx.config;
  return bindMounts(entry, input, (value) => bindHostDirectory(value, { fs: project.fs, projectRoot: project.root, grants }));
}

/**
 * What a calling model is told about a worker's `${field}` mounts, after the worker's description:
 * that such a field takes a directory of its own sandbox. Empty for a worker without them.
 */
export function boundMountsNote(callee: WorkerDefinition): string {
  const notes = parametricMounts(callee.config.sandbox).map(
    ({ field, name }) => `${field} is a directory of your sandbox, which it sees as ${mountPathOf(name)}`,
  );
  return notes.length === 0 ? '' : ` (${notes.join('; ')}; it gets no more access there than you have.)`;
}

/** What the events show of a call's bound mounts: virtual paths and modes, never host paths. */
export function boundMountEvents(mounts: readonly MountSpec[]): { mounts?: BoundMountEvent[] } {
  if (mounts.length === 0) return {};
  return { mounts: mounts.map((mount) => ({ path: mountPathOf(mount.name), from: mount.boundFrom ?? '', mode: mount.mode })) };
}
