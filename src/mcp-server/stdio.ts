/**
 * `mcp serve` over stdio: stdin and stdout carry the protocol, so nothing else may reach stdout.
 */
import { Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { WorkerTools } from './serve.ts';

/**
 * Keeps the process's stdout for the protocol: returns a stream that writes to it, and sends
 * whatever else writes there (tool code's `console.log`, a library's stray output) to stderr.
 */
export function reserveStdoutForProtocol(): Writable {
  const stdout = process.stdout;
  const write = stdout.write.bind(stdout) as (chunk: unknown, encoding: BufferEncoding, done: (error?: Error | null) => void) => boolean;
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write;
  return new Writable({ write: (chunk, encoding, done) => void write(chunk, encoding, done) });
}

/**
 * Serves the worker tools on `stdin`/`stdout`. When the client closes stdin (the MCP way to end a
 * stdio session) the calls in flight finish and answer first; `signal` (Ctrl-C, SIGTERM) stops at once.
 */
export async function serveStdio(tools: WorkerTools, streams: { stdin: NodeJS.ReadableStream; stdout: Writable; signal: AbortSignal }): Promise<void> {
  const server = tools.createServer();
  const stopped = new Promise<void>((resolve) => {
    if (streams.signal.aborted) resolve();
    streams.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  const inputEnded = new Promise<void>((resolve) => {
    streams.stdin.once('end', resolve);
    streams.stdin.once('close', resolve);
  });
  await server.connect(new StdioServerTransport(streams.stdin as NodeJS.ReadStream, streams.stdout));
  await Promise.race([inputEnded.then(() => tools.drain()), stopped]);
  await server.close();
}
