/**
 * Which mount a virtual path names. Mount names match exactly: on a case-insensitive disk `/INPUT`
 * could otherwise reach the `/input` mount's files through the root mount, bypassing its mode and
 * caps, so a case variant of a mount name is refused outright.
 */
import { SandboxError } from "../errors.js";
import { foldName } from "./host-resolver.js";
import { mountPath } from "./refusals.js";
import { isWithinVirtual, segmentsBelow } from "./virtual-path.js";
/** The longest mount path containing the canonical virtual path, names matched exactly; `undefined` when none does. */
export function selectMount(mounts, virtual) {
    let best;
    for (const mount of mounts) {
        if (isWithinVirtual(virtual, mountPath(mount)) && (!best || mount.name.length > best.name.length))
            best = mount;
    }
    return best;
}
/**
 * The mount of `virtual`, refusing case variants of mount names.
 * @param visible virtual paths of the mounts this sandbox shows, for the message.
 * @throws SandboxError `outside-mount`
 */
export function requireMount(mounts, virtual, visible) {
    const selected = selectMount(mounts, virtual);
    const first = segmentsBelow(virtual, '/')[0];
    if (first !== undefined && (!selected || selected.name === '')) {
        const twin = mounts.find((mount) => mount.name !== '' && foldName(mount.name) === foldName(first));
        if (twin) {
            throw new SandboxError('outside-mount', virtual, `${virtual} is not inside a mount: mount names are case-sensitive (did you mean /${twin.name}?)`);
        }
    }
    if (!selected) {
        const known = visible.length > 0 ? `mounts: ${visible.join(', ')}` : 'no mounts are visible';
        throw new SandboxError('outside-mount', virtual, `${virtual} is not inside a mount (${known})`);
    }
    return selected;
}
