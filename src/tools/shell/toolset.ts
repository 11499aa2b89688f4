/**
 * The `shell` toolset (docs/tools.md, docs/security.md): one tool that runs whitelisted commands WITHOUT a shell, in a
 * sandbox mount, under bubblewrap when available, with a scrubbed environment, a timeout and an
 * output cap.
 */
import { z } from 'zod';
import { ToolError } from '../../errors.ts';
import type { ShellToolsetConfig } from '../../worker-file/schema.ts';
import { requireSandbox } from '../filesystem.ts';
import { checkShellArguments, parseShellCommand } from './command.ts';
import { bwrapArguments, commandEnvironment, type ShellIsolation } from './isolation.ts';
import { hideHostPaths, planShellLayout, type ShellLayout } from './layout.ts';
import type { ShellResult } from './process.ts';
import {
  askReason,
  checkRiskyArguments,
  compileShellRules,
  decideShellCommand,
  describeRule,
  notAllowedError,
  type ShellRule,
  unlistedArgument,
} from './rules.ts';
import { singleInstance, type ToolsetKind } from '../toolset-kind.ts';
import type { CallRule, ToolContext, ToolsetTool } from '../types.ts';

export type { ShellResult } from './process.ts';

/** @default 30 s */
export const SHELL_DEFAULT_TIMEOUT_MS = 30_000;
/** @default 100 000 bytes of stdout + stderr together */
export const SHELL_DEFAULT_MAX_OUTPUT_BYTES = 100_000;

const ShellArgs = z.strictObject({
  command: z.string().min(1).describe('One command with its arguments, e.g. "git log --oneline -5". No pipes, redirects, variables or globs.'),
});

/** Test seams. */
export interface ShellToolsetInternals {
  /** Whether bubblewrap can run here. @default a probe that runs `bwrap ... true` from PATH (Linux only) */
  bwrapAvailable?: () => Promise<boolean>;
}

/** Loaded at the first command: `node:child_process` costs every run ~3 ms of start-up, and most use no shell. */
const shellProcess = () => import('./process.ts');

/** Linux only: bubblewrap needs Linux namespaces. */
async function defaultBwrapAvailable(): Promise<boolean> {
  return process.platform === 'linux' && (await (await shellProcess()).canRunBwrap());
}

/** `auto` → bubblewrap when it works here, else none; `bwrap` → bubblewrap or a clear error. */
async function resolveIsolation(setting: 'auto' | 'bwrap' | 'none', available: () => Promise<boolean>): Promise<ShellIsolation> {
  if (setting === 'none') return 'none';
  if (await available()) return 'bwrap';
  if (setting === 'auto') return 'none';
  throw new ToolError(
    'isolation-unavailable',
    'shell',
    'toolsets.shell.isolation is bwrap, but bubblewrap cannot run here (install it, e.g. "apt-get install bubblewrap"; it needs Linux with user namespaces); or set isolation: auto or none',
  );
}

/**
 * bubblewrap's own failure, before the command ran (`bwrap: execvp nosuch: No such file or
 * directory`, `bwrap: Can't mkdir /data: Read-only file system`), as a tool error; undefined when the
 * result is the command's.
 */
function boxSetupError(result: ShellResult, program: string, layout: ShellLayout): ToolError | undefined {
  if (result.exit_code !== 1 || result.stdout !== '' || !/^bwrap: [^\n]*\n?$/.test(result.stderr)) return undefined;
  if (result.stderr.startsWith(`bwrap: execvp ${program}: `)) return new ToolError('spawn-failed', 'shell', `${program}: command not found`);
  const reason = hideHostPaths(result.stderr.trim(), layout);
  return new ToolError(
    'spawn-failed',
    'shell',
    `could not set up the bubblewrap box (${reason}); a mount nested in a read-only mount needs a directory of its name there, or set toolsets.shell.isolation: none`,
  );
}

/** The parsed, checked command and the rule decision; throws `ToolError` for anything refused. */
function assessCommand(rules: readonly ShellRule[], fallback: 'ask' | 'blocked', command: string): { argv: string[]; approval: CallRule } {
  const argv = parseShellCommand(command);
  const decision = decideShellCommand(rules, fallback, argv);
  if (decision.approval === 'blocked') throw notAllowedError(rules, argv, decision);
  checkShellArguments(argv);
  checkRiskyArguments(decision, argv);
  // An argument the allow-list does not list turns a pre-approved call into one the person sees, saying why.
  const unlisted = unlistedArgument(decision, argv);
  return { argv, approval: unlisted && decision.rule ? { rule: 'ask', reason: askReason(decision.rule, unlisted) } : { rule: decision.approval } };
}

/** A command that did not exit 0 failed: the model still gets its output, and everyone else sees the code. */
export function shellFailure(result: ShellResult): string | undefined {
  if (result.timed_out) return 'timed out';
  if (result.exit_code === null) return 'ended by a signal';
  return result.exit_code === 0 ? undefined : `exit code ${result.exit_code}`;
}

/**
 * The `shell` toolset: one tool `shell(command)`. The first rule whose words prefix the command's
 * argv and whose `args` allow the rest decides (`preApproved` runs, `ask` asks, `blocked` refuses);
 * unmatched commands get `config.default` (`blocked` unless set to `ask`). A pre-approved call
 * that uses an argument writing files or running programs (`tools/shell/options.ts`) is refused unless
 * its rule names it. The per-command rule is the tool's `callRule`: the toolset's `approval`
 * config can make it stricter, never wider.
 *
 * @example
 * createShellToolset({ rules: [{ command: 'git log', args: ['--oneline', '-[0-9]*'], approval: 'preApproved' }], cwd: '/repo' });
 */
export function createShellToolset(config: ShellToolsetConfig, internals: ShellToolsetInternals = {}): ToolsetTool[] {
  const rules = compileShellRules(config.rules ?? []);
  const fallback = config.default ?? 'blocked';
  const limits = {
    timeoutMs: config.timeout_ms ?? SHELL_DEFAULT_TIMEOUT_MS,
    maxOutputBytes: config.max_output_bytes ?? SHELL_DEFAULT_MAX_OUTPUT_BYTES,
  };
  const bwrapAvailable = internals.bwrapAvailable ?? defaultBwrapAvailable;
  const listed = rules.filter((rule) => rule.approval !== 'blocked').map(describeRule);
  const others = fallback === 'ask' ? "Other commands need the user's approval." : 'Other commands are refused.';

  async function run(argv: readonly string[], layout: ShellLayout, signal: AbortSignal): Promise<ShellResult> {
    const isolation = await resolveIsolation(config.isolation ?? 'auto', bwrapAvailable);
    const env = commandEnvironment(isolation, config.env);
    const options = { ...limits, env, signal, cwd: layout.cwd.host };
    const { runProcess } = await shellProcess();
    if (isolation === 'none') return runProcess(argv[0]!, argv.slice(1), options);
    const result = await runProcess('bwrap', bwrapArguments(layout, argv, { network: config.network === true }), options);
    const setupError = boxSetupError(result, argv[0]!, layout);
    if (setupError) throw setupError;
    return result;
  }

  return [
    {
      toolset: 'shell',
      name: 'shell',
      description:
        `Run one command (no shell: no pipes, redirects, variables, globs or command chaining) in the working directory and get its exit code, stdout and stderr. ` +
        `Allowed commands: ${listed.length > 0 ? listed.join('; ') : 'none listed'}. ${others} ` +
        `Options that write files or run programs are refused unless a rule names them; other options not known to be safe, and program text (awk or sed programs, commands for xargs or env), need the user's approval. ` +
        `Paths must be relative to the working directory. Times out after ${limits.timeoutMs} ms.`,
      inputSchema: ShellArgs,
      // The rules decide per call; toolset approval config only narrows them (see the toolbox).
      defaultRule: 'preApproved',
      callRule: (args: { command: string }) => assessCommand(rules, fallback, args.command).approval,
      async execute(args: z.infer<typeof ShellArgs>, context: ToolContext): Promise<ShellResult> {
        const { argv } = assessCommand(rules, fallback, args.command);
        const layout = await planShellLayout(requireSandbox(context, 'shell'), config.cwd);
        const result = await run(argv, layout, context.signal);
        return { ...result, stdout: hideHostPaths(result.stdout, layout), stderr: hideHostPaths(result.stderr, layout) };
      },
      failureOf: shellFailure,
    },
  ];
}

/** `shell`: commands matched against the worker's rules, run in the sandbox (bubblewrap where it works). */
export const shellToolset: ToolsetKind<ShellToolsetConfig> = {
  kind: 'shell',
  summary: 'run commands the rules allow, in the sandbox (under bubblewrap where it works)',
  needsSandbox: true,
  instances: singleInstance('shell'),
  create: (config) => createShellToolset(config),
};
