/**
 * Questions of interactive workers in `llm-do/browser` (docs/worker-format.md, docs/browser.md), in headless Chromium with
 * the built bundle against a scripted OpenAI-compatible server on 127.0.0.1: `ask.js` of
 * docs/browser.md, exactly as shown (the server's URL swapped), has a delegated interactive worker
 * ask; the page's `onQuestion` puts it to a `prompt`, and the answer reaches the model as the
 * `ask_user` result (the server's request log says so); a cancelled prompt reaches it as a refusal.
 * Without `onQuestion`, pause mode lists the question in `result.questions` and `resumeRun` with
 * `answers` hands the answer over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PendingQuestion } from '../../src/browser/index.ts';
import { startScriptedServer, type ScriptedRequest, type ScriptedServer } from '../../src/testkit/index.ts';
import { openBundlePage, type BundlePage } from '../helpers/bundle-page.ts';
import { CHROMIUM_LAUNCH_TIMEOUT_MS, chromiumMissing } from '../helpers/chromium.ts';
import { REPO_ROOT } from './helpers/run-cli.ts';

const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs/browser.md'), 'utf8');
const askJs = /```js\n\/\/ file: ask\.js\n([\s\S]*?)```/.exec(doc)?.[1];
const SHOWN_BASE_URL = 'http://127.0.0.1:8080/v1';
const QUESTION = 'Where to? <img src=x onerror="window.pwned = 1">';

/** main delegates to planner; planner asks, then says what it heard; main says what planner said. */
function tripModel(request: ScriptedRequest) {
  const result = request.toolResults.at(-1)?.content;
  if (request.tools.includes('planner'))
    return result === undefined ? { toolCalls: [{ name: 'planner', args: { input: request.lastUserText } }] } : { text: `main saw: ${result}` };
  if (request.tools.includes('ask_user'))
    return result === undefined ? { toolCalls: [{ name: 'ask_user', args: { question: QUESTION } }] } : { text: `planner heard: ${result}` };
  return { text: 'unexpected request' };
}

describe.skipIf(chromiumMissing)('questions in llm-do/browser', { timeout: 60_000 }, () => {
  let browser: BundlePage;
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer(tripModel, { cors: true });
    expect(askJs, 'docs/browser.md shows ask.js as a js block starting // file: ask.js').toContain(SHOWN_BASE_URL);
    browser = await openBundlePage({
      '/ask.html': '<!doctype html>\n<title>ask</title>\n<pre id="out"></pre>\n<script type="module" src="./ask.js"></script>\n',
      '/ask.js': askJs!.replace(SHOWN_BASE_URL, server.openaiBaseUrl),
    });
  }, CHROMIUM_LAUNCH_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  /** Opens ask.html, handles its prompt with `reply` (text, or null to cancel), returns what the page printed and was asked. */
  async function runAsk(reply: string | null): Promise<{ out: string; asked: string[]; requests: ScriptedRequest[] }> {
    const before = server.requests.length;
    const page = await browser.newPage();
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(`${dialog.type()}: ${dialog.message()}`);
      void (reply === null ? dialog.dismiss() : dialog.accept(reply));
    });
    await page.goto(`${browser.origin}/ask.html`);
    await page.waitForFunction(() => /^(ok|error|paused)/.test(document.querySelector('#out')?.textContent ?? ''));
    const out = (await page.textContent('#out'))!;
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await page.close();
    return { out, asked, requests: server.requests.slice(before) };
  }

  test("the page answers a delegated worker's question through onQuestion, and the answer reaches the model", async () => {
    const { out, asked, requests } = await runAsk('Lisbon');
    expect(asked).toEqual([`prompt: main › planner asks: ${QUESTION}`]);
    expect(out).toBe('ok: main saw: planner heard: Lisbon\n');
    // main, planner (asks), planner (gets the answer), main.
    expect(requests.map((request) => (request.tools.includes('planner') ? 'main' : 'planner'))).toEqual(['main', 'planner', 'planner', 'main']);
    expect(requests[2]!.toolResults).toEqual([expect.objectContaining({ name: 'ask_user', content: 'Lisbon' })]);
  });

  test("a cancelled prompt refuses the question: the model gets the refusal as the tool's result", async () => {
    const { out, requests } = await runAsk(null);
    expect(out).toBe('ok: main saw: planner heard: nobody can answer: the person cancelled the question\n');
    expect(requests[2]!.toolResults).toEqual([expect.objectContaining({ name: 'ask_user', content: 'nobody can answer: the person cancelled the question' })]);
  });

  test('without onQuestion, pause lists the question in result.questions; resumeRun with answers hands it over', async () => {
    const before = server.requests.length;
    const seen = await browser.page.evaluate(
      async ({ baseURL }) => {
        const llm = globalThis.llmDo;
        const project = await llm.openProject({
          files: {
            'main.worker':
              '---\nname: main\nmodel: openai-compatible:local\ntoolsets:\n  workers:\n    allowed_workers: [planner]\n---\nHave planner plan the trip.\n',
            'workers/planner.worker': '---\nname: planner\nmodel: openai-compatible:local\ninteractive: true\n---\nAsk, then plan.\n',
          },
        });
        const env = { OPENAI_COMPATIBLE_BASE_URL: baseURL };
        const paused = await llm.runWorker({ project, input: 'a trip', env, onApproval: 'pause' }).result;
        const questions: PendingQuestion[] = paused.questions ?? [];
        const answers = Object.fromEntries(questions.map((question) => [question.question_id, 'Porto']));
        const done = await llm.resumeRun(paused.state!, { project, env, answers }).result;
        return { status: paused.status, questions: questions.map(({ chain, question }) => ({ chain, question })), resumed: done.status, output: done.output };
      },
      { baseURL: server.openaiBaseUrl },
    );
    expect(seen).toEqual({
      status: 'paused',
      questions: [{ chain: ['main', 'planner'], question: QUESTION }],
      resumed: 'ok',
      output: 'main saw: planner heard: Porto',
    });
    expect(server.requests.slice(before).find((request) => request.toolResults.some((result) => result.name === 'ask_user'))?.toolResults).toEqual([
      expect.objectContaining({ content: 'Porto' }),
    ]);
  });
});
