import type { MountSpec } from './types.ts';
/** The longest mount path containing the canonical virtual path, names matched exactly; `undefined` when none does. */
export declare function selectMount(mounts: readonly MountSpec[], virtual: string): MountSpec | undefined;
/**
 * The mount of `virtual`, refusing case variants of mount names.
 * @param visible virtual paths of the mounts this sandbox shows, for the message.
 * @throws SandboxError `outside-mount`
 */
export declare function requireMount(mounts: readonly MountSpec[], virtual: string, visible: readonly string[]): MountSpec;
