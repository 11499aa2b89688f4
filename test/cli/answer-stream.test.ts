/** The entry worker's answer streamed to stdout, with progress held back while a reply is mid-line. */
import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { createAnswerStream } from '../../src/cli/answer-stream.ts';
import type { CliIO } from '../../src/cli/io.ts';
import type { ProgressDisplay } from '../../src/cli/progress-display.ts';
import type { RunEvent } from '../../src/runtime/events.ts';

const ev = (callId: string, body: Record<string, unknown>) =>
  ({ v: 1, ts: '', seq: 0, run_id: 'r', call_id: callId, parent_call_id: callId === 'c1' ? null : 'c1', worker: callId, chain: [callId], ...body }) as RunEvent;

test('entry text streams to stdout (escaped on a terminal) while progress waits; a tool call ends the line and lets progress through', () => {
  const stdout = new PassThrough() as PassThrough & { isTTY?: boolean };
  stdout.isTTY = true;
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const io = { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {}, cwd: '/', homeDir: '/' } as CliIO;
  const log: string[] = [];
  const display: ProgressDisplay = {
    onEvent: (event) => log.push(event.type === 'text_delta' ? `delta ${event.call_id}` : event.type),
    pause: () => log.push('pause'),
    resume: () => log.push('resume'),
    clear: () => undefined,
    stop: () => undefined,
    callLabel: (_, worker) => worker,
  };
  const answer = createAnswerStream(io, display);
  answer.onEvent(ev('c1', { type: 'model_request' }));
  answer.onEvent(ev('c1', { type: 'text_delta', text: 'Let me ' }));
  answer.onEvent(ev('c1', { type: 'text_delta', text: 'look\x1b[2J' }));
  answer.onEvent(ev('c1', { type: 'tool_call', tool: 'a', tool_call_id: 't', args: {} }));
  answer.onEvent(ev('c2', { type: 'text_delta', text: 'child text' }));
  answer.onEvent(ev('c1', { type: 'text_delta', text: 'Done.' }));
  answer.end();

  expect(out).toBe('Let me look\\x1b[2J\nDone.\n');
  expect(answer.streamed).toBe(true);
  expect(log).toEqual(['model_request', 'pause', 'resume', 'tool_call', 'delta c2', 'pause', 'resume']);
  answer.reset();
  expect(answer.streamed).toBe(false);
});
