/**
 * Running one `shell` command as a process group: spawn without a shell, collect output under a
 * cap, kill the whole group on timeout, on abort, and once the command exits (so a background
 * child does not outlive the call). The only module that imports `node:child_process`.
 */
import { spawn } from 'node:child_process';
import { AbortedError, ToolError } from '../../errors.ts';

/** What the model gets back from `shell`; a non-zero exit is reported as a failed call (`shellFailure`) with this result. */
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

/** How one process runs. */
export interface RunProcessOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
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

/** Kills the process group of a detached child (the command and everything it started in its group). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/** How long to wait for the output pipes after the command exited, when an escaped process holds them. */
const PIPE_GRACE_MS = 1000;

/**
 * Spawns `file args` without a shell in a new process group and waits for it, enforcing the
 * timeout, the abort signal and the output cap. `ENOENT` becomes `spawn-failed` "command not found".
 */
export function runProcess(file: string, args: readonly string[], options: RunProcessOptions): Promise<ShellResult> {
  const { signal, timeoutMs, maxOutputBytes } = options;
  if (signal.aborted) return Promise.reject(new AbortedError());
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, shell: false, detached: true, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const output = createOutputCollector(maxOutputBytes);
    let timedOut = false;
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      killGroup(child.pid);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    let lingering: NodeJS.Timeout | undefined;
    signal.addEventListener('abort', onAbort, { once: true });
    const cleanup = () => {
      clearTimeout(timer);
      clearTimeout(lingering);
      signal.removeEventListener('abort', onAbort);
    };
    child.stdout.on('data', (chunk: Buffer) => output.add('stdout', chunk));
    child.stderr.on('data', (chunk: Buffer) => output.add('stderr', chunk));
    child.on('exit', () => {
      // Background children die with the command; one that left the group (setsid) may still
      // hold the pipes, so stop waiting for them after a grace period.
      killGroup(child.pid);
      lingering = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, PIPE_GRACE_MS);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      cleanup();
      const reason = error.code === 'ENOENT' ? 'command not found' : `could not start it (${error.code ?? error.message})`;
      reject(new ToolError('spawn-failed', 'shell', `${file}: ${reason}`, { cause: error }));
    });
    child.on('close', (code) => {
      cleanup();
      if (aborted) return reject(new AbortedError());
      const result: ShellResult = { exit_code: timedOut ? null : code, stdout: output.text('stdout'), stderr: output.text('stderr') };
      const notes: string[] = [];
      if (output.truncated) {
        result.truncated = true;
        notes.push(`output truncated: stdout and stderr together exceeded ${maxOutputBytes} bytes`);
      }
      if (timedOut) {
        result.timed_out = true;
        notes.push(`timed out: killed after ${timeoutMs} ms`);
      }
      if (notes.length > 0) result.note = notes.join('; ');
      resolve(result);
    });
  });
}

const bwrapChecks = new Map<string, Promise<boolean>>();

/**
 * Whether bubblewrap works here: `bwrap` is on PATH and can create its namespaces (it cannot in
 * some containers, or where unprivileged user namespaces are disabled). Checked once per PATH.
 */
export function canRunBwrap(): Promise<boolean> {
  const path = process.env.PATH ?? '';
  let check = bwrapChecks.get(path);
  if (!check) {
    check = new Promise((resolve) => {
      const probe = spawn('bwrap', ['--unshare-all', '--die-with-parent', '--ro-bind', '/', '/', '--', 'true'], { stdio: 'ignore', env: { PATH: path } });
      probe.on('error', () => resolve(false));
      probe.on('close', (code) => resolve(code === 0));
    });
    bwrapChecks.set(path, check);
  }
  return check;
}
