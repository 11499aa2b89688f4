/**
 * Captures the terminal screen of a three-level delegation run (main → a → b, a tool call at each
 * level, an approval asked from b) in a real pseudo-terminal, against the scripted server.
 * `docs/terminal-session.txt` is its output; regenerate it after a change to the terminal view with
 *   npm run build && npx jiti test/e2e/tty/capture-session.ts --write
 */
import fs from 'node:fs';
import path from 'node:path';
import { startScriptedServer, type ScriptedHandler } from '../../../src/testkit/index.ts';
import { scriptedEnv } from '../../helpers/scripted-env.ts';
import { REPO_ROOT } from '../helpers/run-cli.ts';
import { byWorker } from '../helpers/scripted.ts';
import { copyFixture, runInPty, type PtyResult } from './pty.ts';

/** Where the captured screen is committed. */
export const SESSION_FILE = path.join(REPO_ROOT, 'docs/terminal-session.txt');

const INPUT = 'Summarise the notes into summary.md';
const MODEL = 'openai-compatible:scripted-chat';

type Turn = { text?: string; toolCalls?: { name: string; args: unknown }[] };

/** A worker that plays `turns` in order: the n-th request (n tool results so far) gets `turns[n]`. */
function plays(turns: Turn[]): ScriptedHandler {
  return (request) => turns[Math.min(request.toolResults.length, turns.length - 1)]!;
}

const handler = byWorker({
  main: plays([
    { text: 'Let me look at the files first.', toolCalls: [{ name: 'list_files', args: { path: '/work' } }] },
    { text: 'I will ask a to write the summary.', toolCalls: [{ name: 'a', args: { input: 'Summarise /work/notes.txt into /work/summary.md' } }] },
    { text: 'The summary is in /work/summary.md: tides come from the moon, twice a day.' },
  ]),
  a: plays([
    { toolCalls: [{ name: 'read_file', args: { path: '/work/notes.txt' } }] },
    { toolCalls: [{ name: 'b', args: { input: 'Write /work/summary.md with two bullet points about tides' } }] },
    { text: 'b wrote /work/summary.md.' },
  ]),
  b: plays([
    { toolCalls: [{ name: 'write_file', args: { path: '/work/summary.md', content: '# Tides\n- caused by the moon\n- two high tides a day\n' } }] },
    { text: 'Written.' },
  ]),
});

/** Runs the session and returns the pty result plus the text for the docs (the command, then the screen). */
export async function captureSession(): Promise<{ result: PtyResult; text: string }> {
  const server = await startScriptedServer(handler);
  try {
    const dir = copyFixture();
    const result = await runInPty(['.', INPUT, '--model', MODEL], {
      cwd: dir,
      env: scriptedEnv(server),
      cols: 110,
      steps: [{ expect: 'choice> ' }, { send: 'a\r' }, { expect: 'out tokens' }],
    });
    const text = `$ llm-do . "${INPUT}" --model ${MODEL}\n${result.screen}`;
    return { result, text };
  } finally {
    await server.close();
  }
}

/** The session with durations and token counts replaced, for comparing two captures. */
export function normalizeSession(text: string): string {
  return text.replace(/\b\d+(\.\d+)?(ms|s)\b/g, '<time>').replace(/\d+ in \/ \d+ out/g, '<n> in / <n> out');
}

if (process.argv.includes('--write')) {
  const { result, text } = await captureSession();
  if (result.error || result.code !== 0) throw new Error(`capture failed (${result.error ?? `exit ${result.code}`}):\n${result.screen}`);
  fs.writeFileSync(SESSION_FILE, text);
  process.stdout.write(text);
}
