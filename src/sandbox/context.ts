/** What the sandbox operations share: the backend, the mounts, the folded restrictions, the resolver. */
import type { FileSystem } from './file-system.ts';
import type { HeldRoots } from './held-roots.ts';
import type { HostResolver } from './host-resolver.ts';
import type { Protection } from './protected-paths.ts';
import type { Scope } from './scope.ts';
import type { MountSpec } from './types.ts';

/** Internal state of one sandbox (one chain of restrictions over one mount table). */
export interface SandboxContext {
  fs: FileSystem;
  mounts: readonly MountSpec[];
  scope: Scope;
  resolver: HostResolver;
  /** The project's configuration, which no write or delete may change. */
  protection: Protection;
  /** Stops long operations (big reads and writes, list walks) of an interrupted run. */
  signal?: AbortSignal;
  /** Mount roots held open for the worker call (`held-roots.ts`); without it each operation opens its root. */
  roots?: HeldRoots;
  /** Virtual paths of the mounts visible after restrictions (`describe()`), for messages. */
  visible: readonly string[];
  /** How many restrictions the bound mounts were held to when bound (see `CreateSandboxOptions.boundAfter`). */
  boundAfter: number;
}
