/**
 * Per-mount caps (docs/security.md): allowed suffixes and the write/read permission. Both are decided from
 * the virtual path and the mount alone, so they are enforced before the disk is touched.
 */
import { SandboxError } from '../errors.ts';
import type { MountSpec } from './types.ts';
import type { Scope } from './scope.ts';
import { mountPath } from './refusals.ts';

/** True when the mount allows files with this path's suffix (any suffix when it declares none). */
export function suffixAllowed(mount: MountSpec, path: string): boolean {
  if (!mount.suffixes) return true;
  const lower = path.toLowerCase();
  return mount.suffixes.some((suffix) => lower.endsWith(suffix));
}

/**
 * Checks the virtual path's suffix and, when given, the real host path's (so a link named `x.md`
 * cannot serve a `key.pem` from the same mount).
 * @throws SandboxError `suffix-not-allowed` naming the allowed suffixes.
 */
export function checkSuffix(mount: MountSpec, path: string, realPath?: string): void {
  if (suffixAllowed(mount, path) && (realPath === undefined || suffixAllowed(mount, realPath))) return;
  const allowed = mount.suffixes?.join(', ') ?? '';
  throw new SandboxError('suffix-not-allowed', path, `${path} has a suffix the mount ${mountPath(mount)} does not allow (allowed: ${allowed})`);
}

/**
 * @param writable the virtual paths of the mounts that do accept writes, for the hint.
 * @throws SandboxError `read-only` when a restriction or the mount forbids writing.
 */
export function checkWritable(scope: Scope, mount: MountSpec, path: string, writable: readonly string[]): void {
  if (scope.readonly) {
    throw new SandboxError('read-only', path, `${path} cannot be changed: this worker (or one that called it) has read-only file access`);
  }
  if (mount.mode !== 'rw') {
    const hint = writable.length > 0 ? `; writable: ${writable.join(', ')}` : '; no mount is writable';
    throw new SandboxError('read-only', path, `${path} is on the read-only mount ${mountPath(mount)}${hint}`);
  }
}
