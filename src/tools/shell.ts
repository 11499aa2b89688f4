/**
 * The `shell` toolset (SPEC §6): one tool that runs whitelisted commands WITHOUT a shell, in a
 * sandbox mount, with a scrubbed environment, a timeout and an output cap. This is the only module
 * that imports `node:child_process`.
 */
import { spawn } from 'node:child_process';
import { z } from 'zod';
import { AbortedError, ToolError } from '../errors.ts';
import type { Sandbox } from '../sandbox/types.ts';
import type { ShellToolsetConfig } from '../worker/schema.ts';
import { requireSandbox } from './filesystem.ts';
import { checkShellArguments, compileShellRules, decideShellCommand, notAllowedError, parseShellCommand } from './shell-command.ts';
import type { ToolContext, ToolsetTool } from './types.ts';

/** @default 30 s */
export const SHELL_DEFAULT_TIMEOUT_MS = 30_000;
/** @default 100 000 bytes of stdout + stderr together */
export const SHELL_DEFAULT_MAX_OUTPUT_BYTES = 100_000;

/** What the model gets back from `shell`. A non-zero exit is a normal result, not an error. */
export interface ShellResult {
  /** `null` when the process was killed (timeout) or ended by a signal. */
  exit_code: number | null;
  stdout: string;
  stderr: string;
  /** Output went past `max_output_bytes`; the rest was dropped. */
  truncated?: true;
  /** The process (and its children) were killed at `timeout_ms`. */
  timed_out?: true;
  /** Says what was cut or killed, in words. */
  note?: string;
}

const ShellArgs = z.strictObject({
  command: z.string().min(1).describe('One command with its arguments, e.g. "git log --oneline -5". No pipes, redirects, variables or globs.'),
});

/** Only these variables reach a command: never the user's API keys or other secrets. */
function commandEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && (key === 'PATH' || key === 'HOME' || key === 'LANG' || key === 'TZ' || key.startsWith('LC_'))) env[key] = value;
  }
  env.TERM = 'dumb';
  return env;
}

/** Host directory the command runs in: `cwd`, else `/` when it is a mount, else the first visible mount in path order. */
async function workingDirectory(sandbox: Sandbox, cwd: string | undefined): Promise<string> {
  if (cwd !== undefined) return sandbox.hostDirectory(cwd);
  const mounts = sandbox.describe();
  const first = mounts.find((mount) => mount.path === '/') ?? mounts[0];
  if (!first) throw new ToolError('no-sandbox', 'shell', 'this worker has no file access (it has no sandbox mounts), so there is no directory to run commands in');
  return sandbox.hostDirectory(first.path);
}

interface RunLimits {
  timeoutMs: number;
  maxOutputBytes: number;
  signal: AbortSignal;
}

/** Collects stdout and stderr up to a byte budget shared by both. */
function createOutputCollector(maxBytes: number) {
  const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  let used = 0;
  let truncated = false;
  return {
    add(stream: 'stdout' | 'stderr', chunk: Buffer): void {
      const room = maxBytes - used;
      if (chunk.length > room) truncated = true;
      if (room <= 0) return;
      const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
      chunks[stream].push(kept);
      used += kept.length;
    },
    text: (stream: 'stdout' | 'stderr') => Buffer.concat(chunks[stream]).toString('utf8'),
    get truncated() {
      return truncated;
    },
  };
}

/** Kills the process group of a detached child (the command and everything it started). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/** Spawns argv without a shell and waits for it, enforcing the timeout, the abort signal and the output cap. */
function runProcess(argv: readonly string[], cwd: string, limits: RunLimits): Promise<ShellResult> {
  if (limits.signal.aborted) return Promise.reject(new AbortedError());
  const [file, ...args] = argv as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, env: commandEnvironment(), shell: false, detached: true, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const output = createOutputCollector(limits.maxOutputBytes);
    let timedOut = false;
    let aborted = false;
    let closed = false;
    const onAbort = () => {
      aborted = true;
      killGroup(child.pid);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, limits.timeoutMs);
    // A background grandchild may keep the pipes open after the command exits: stop waiting for it.
    let lingering: NodeJS.Timeout | undefined;
    limits.signal.addEventListener('abort', onAbort, { once: true });
    const cleanup = () => {
      clearTimeout(timer);
      clearTimeout(lingering);
      limits.signal.removeEventListener('abort', onAbort);
    };
    child.stdout.on('data', (chunk: Buffer) => output.add('stdout', chunk));
    child.stderr.on('data', (chunk: Buffer) => output.add('stderr', chunk));
    child.on('exit', () => {
      if (closed) return;
      lingering = setTimeout(() => {
        killGroup(child.pid);
        child.stdout.destroy();
        child.stderr.destroy();
      }, 1000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      cleanup();
      const reason = error.code === 'ENOENT' ? 'command not found' : `could not start it (${error.code ?? error.message})`;
      reject(new ToolError('spawn-failed', 'shell', `${file}: ${reason}`, { cause: error }));
    });
    child.on('close', (code) => {
      closed = true;
      cleanup();
      if (aborted) return reject(new AbortedError());
      const result: ShellResult = { exit_code: timedOut ? null : code, stdout: output.text('stdout'), stderr: output.text('stderr') };
      const notes: string[] = [];
      if (output.truncated) {
        result.truncated = true;
        notes.push(`output truncated: stdout and stderr together exceeded ${limits.maxOutputBytes} bytes`);
      }
      if (timedOut) {
        result.timed_out = true;
        notes.push(`timed out: killed after ${limits.timeoutMs} ms`);
      }
      if (notes.length > 0) result.note = notes.join('; ');
      resolve(result);
    });
  });
}

/**
 * The `shell` toolset: one tool `shell(command)`. The first rule whose words prefix the command's
 * argv decides (`preApproved` runs, `ask` asks, `blocked` refuses); unmatched commands get
 * `config.default` (`blocked` unless set to `ask`). Approval is per call through `needsApproval`;
 * blocked and malformed commands are refused inside `execute`, before anything is spawned.
 *
 * Limits of the path check (documented, best effort): arguments that are absolute paths, start with
 * `~` or contain a `..` segment are refused, but a program may still reach outside the working
 * directory by other means (its own config, symlinks in the directory). Mount modes and restrictions
 * do not bind the commands themselves; only the rules do.
 *
 * @example
 * createShellToolset({ rules: [{ command: 'git log', approval: 'preApproved' }], cwd: '/repo' });
 */
export function createShellToolset(config: ShellToolsetConfig): ToolsetTool[] {
  const rules = compileShellRules(config.rules ?? []);
  const fallback = config.default ?? 'blocked';
  const limits = {
    timeoutMs: config.timeout_ms ?? SHELL_DEFAULT_TIMEOUT_MS,
    maxOutputBytes: config.max_output_bytes ?? SHELL_DEFAULT_MAX_OUTPUT_BYTES,
  };
  const listed = rules.filter((rule) => rule.approval !== 'blocked').map((rule) => rule.words.join(' '));
  const others = fallback === 'ask' ? 'Other commands need the user\'s approval.' : 'Other commands are refused.';

  return [
    {
      toolset: 'shell',
      name: 'shell',
      description:
        `Run one command (no shell: no pipes, redirects, variables, globs or command chaining) in the working directory and get its exit code, stdout and stderr. ` +
        `Allowed commands: ${listed.length > 0 ? listed.join(', ') : 'none listed'}. ${others} ` +
        `Paths must be relative to the working directory. Times out after ${limits.timeoutMs} ms.`,
      inputSchema: ShellArgs,
      needsApproval: (args: { command: string }) => {
        try {
          const argv = parseShellCommand(args.command);
          checkShellArguments(argv);
          return decideShellCommand(rules, fallback, argv).approval === 'ask';
        } catch {
          return false; // execute refuses it with the reason; nothing to ask about
        }
      },
      async execute(args: z.infer<typeof ShellArgs>, context: ToolContext): Promise<ShellResult> {
        const argv = parseShellCommand(args.command);
        const decision = decideShellCommand(rules, fallback, argv);
        if (decision.approval === 'blocked') throw notAllowedError(rules, argv, decision);
        checkShellArguments(argv);
        const cwd = await workingDirectory(requireSandbox(context, 'shell'), config.cwd);
        return runProcess(argv, cwd, { ...limits, signal: context.signal });
      },
    },
  ];
}
