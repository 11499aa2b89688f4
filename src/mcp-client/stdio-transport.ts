/**
 * A stdio transport for MCP servers that owns its process group: the server is spawned detached (its
 * own group) and stopped by signalling the whole group, so whatever it started goes too. The SDK's
 * StdioClientTransport kills only the direct child. Messages are newline-delimited JSON-RPC.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Largest single message accepted; a server sending more is treated as broken (no OOM). */
export const MAX_STDIO_MESSAGE_BYTES = 64 * 1024 * 1024;
/** The last stderr kept to explain a failure. */
const STDERR_TAIL_CHARS = 2000;
/** How long a server has to exit after SIGTERM before its group gets SIGKILL. */
const KILL_GRACE_MS = 2000;

export interface StdioServerParameters {
  command: string;
  args: readonly string[];
  /** Variables set for the server on top of the SDK's default environment (`HOME`, `PATH`, …; not all of ours). */
  env: Record<string, string>;
  cwd: string;
}

/** Process groups still running, stopped when llm-do exits however it exits (a last resort). */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function trackGroup(pid: number): void {
  liveGroups.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const group of liveGroups) killGroup(group, 'SIGKILL');
  });
}

export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: ChildProcess | undefined;
  private readonly buffer = new ReadBuffer({ maxBufferSize: MAX_STDIO_MESSAGE_BYTES });
  private stderr = '';
  private closed = false;

  constructor(private readonly server: StdioServerParameters) {}

  /** The end of what the server wrote to stderr (its own words on why it failed). */
  stderrTail(): string {
    return this.stderr.trim();
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.server.command, [...this.server.args], {
        cwd: this.server.cwd,
        env: { ...getDefaultEnvironment(), ...this.server.env },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        windowsHide: true,
      });
      this.child = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => {
        if (child.pid !== undefined) trackGroup(child.pid);
        resolve();
      });
      child.on('close', () => {
        // A server that exited leaves no orphans: what it started is in its group.
        if (child.pid !== undefined) {
          killGroup(child.pid, 'SIGKILL');
          liveGroups.delete(child.pid);
        }
        this.finish();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
      child.stderr?.on('data', (chunk: Buffer) => {
        this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
      });
    });
  }

  private receive(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
      for (let message = this.buffer.readMessage(); message !== null; message = this.buffer.readMessage()) this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      void this.close();
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.closed) return reject(new Error('the server is not running'));
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Stops the server's whole process group: SIGTERM, then SIGKILL after a grace period. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return this.finish();
    const pid = child.pid;
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.stdin?.end();
    killGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), KILL_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.buffer.clear();
    this.onclose?.();
  }
}
