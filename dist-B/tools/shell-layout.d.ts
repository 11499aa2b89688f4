import type { MountMode, ProtectedLayout, Sandbox } from '../sandbox/types.ts';
/** One visible mount (or the restricted part of one). */
export interface ShellMount {
    /** Virtual path, as the model knows it: `/repo`. */
    virtual: string;
    /** Real host directory. */
    host: string;
    /** Path inside the bubblewrap box. */
    box: string;
    mode: MountMode;
    /** In a writable mount: the project's configuration inside it, which the box keeps read-only. */
    protected?: ProtectedLayout;
}
/** The mounts of one call and its working directory. */
export interface ShellLayout {
    /** In path order, so a mount nested in another is bound after it. */
    mounts: ShellMount[];
    cwd: {
        virtual: string;
        host: string;
        box: string;
    };
    /** Where the sandbox's `/` is inside the box: `/` itself, or {@link BOX_ROOT} when the mounts would hide system directories. */
    boxRoot: string;
}
/** The sandbox's `/` inside the box when it cannot be the box's own `/` (a root mount, or a mount named `usr`, `tmp`...). */
export declare const BOX_ROOT = "/sandbox";
/**
 * The layout of a call: the visible mounts, and the working directory (`cwd`, else `/` when it is
 * a mount, else the first visible mount in path order).
 */
export declare function planShellLayout(sandbox: Sandbox, cwd: string | undefined): Promise<ShellLayout>;
/**
 * Replaces every host directory of the layout (and the box root) in `text` with its virtual path:
 * `/home/me/proj/repo/src/a.js` → `/repo/src/a.js`. A backstop: under bubblewrap commands see
 * virtual paths already, but `/proc/self/mountinfo` or a program's own messages may still name one.
 */
export declare function hideHostPaths(text: string, layout: ShellLayout): string;
