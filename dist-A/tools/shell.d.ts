import type { ShellToolsetConfig } from '../worker/schema.ts';
import type { ToolsetTool } from './types.ts';
export type { ShellResult } from './shell-process.ts';
/** @default 30 s */
export declare const SHELL_DEFAULT_TIMEOUT_MS = 30000;
/** @default 100 000 bytes of stdout + stderr together */
export declare const SHELL_DEFAULT_MAX_OUTPUT_BYTES = 100000;
/** Test seams. */
export interface ShellToolsetInternals {
    /** Whether bubblewrap can run here. @default a probe that runs `bwrap ... true` from PATH (Linux only) */
    bwrapAvailable?: () => Promise<boolean>;
}
/**
 * The `shell` toolset: one tool `shell(command)`. The first rule whose words prefix the command's
 * argv and whose `args` allow the rest decides (`preApproved` runs, `ask` asks, `blocked` refuses);
 * unmatched commands get `config.default` (`blocked` unless set to `ask`). A pre-approved call
 * that uses an argument writing files or running programs (`shell-options.ts`) is refused unless
 * its rule names it. The per-command rule is the tool's `callRule`: the toolset's `approval`
 * config can make it stricter, never wider.
 *
 * @example
 * createShellToolset({ rules: [{ command: 'git log', args: ['--oneline', '-[0-9]*'], approval: 'preApproved' }], cwd: '/repo' });
 */
export declare function createShellToolset(config: ShellToolsetConfig, internals?: ShellToolsetInternals): ToolsetTool[];
