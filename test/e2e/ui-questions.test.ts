/**
 * Questions of interactive workers in `llm-do ui` (docs/worker-format.md, docs/ui.md), through the built CLI: a run
 * started from the page's form whose interactive worker asks pauses on the question; the page shows
 * it as text (hostile HTML stays inert), the runs list counts it, resume waits for the answer, the
 * answer typed in the page is recorded as `llm-do answer` records it and reaches the model once the
 * run is resumed there. Over HTTP, answering takes the token, the Origin and the Host like every
 * POST, and a bad, unknown or second answer is refused naming what is wrong, recording nothing.
 * A run paused by another process on an approval and a question resumes only once both are settled.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { chromiumMissing, useChromium } from '../helpers/chromium.ts';
import { runCli } from './helpers/run-cli.ts';
import { openUiPage, rawRequest, startUi } from './helpers/ui.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-ui-questions-'));
const QUESTION = 'Which <b>city</b>? <img src=x onerror="window.pwned = 1">';

/**
 * A project whose entry worker is interactive: it asks (and for the input "write too" also writes a
 * file, which asks for approval), then says where it goes from its answer.
 */
function writeProject(dir: string): { root: string; script: string } {
  const root = path.join(dir, 'project');
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'project.yaml'), 'name: trips\n');
  fs.mkdirSync(path.join(root, 'out'));
  fs.writeFileSync(
    path.join(root, 'main.worker'),
    '---\nname: main\ndescription: Plans a trip.\ninteractive: true\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }\n---\nYou are worker main.\n',
  );
  const script = path.join(dir, 'script.yaml');
  fs.writeFileSync(
    script,
    [
      // Input "write too": a question and a file write (which asks) at once.
      '- match: { worker: main, turn: 1, text: "write too" }',
      `  respond: { tool_calls: [{ name: ask_user, args: { question: ${JSON.stringify(QUESTION)} } }, { name: write_file, args: { path: /out/plan.md, content: plan } }] }`,
      '- match: { worker: main, turn: 1 }',
      `  respond: { tool_calls: [{ name: ask_user, args: { question: ${JSON.stringify(QUESTION)} } }] }`,
      String.raw`- match: { worker: main, turn: 2, text: '/Oslo[\s\S]*wrote 4 characters/' }`,
      '  respond: { text: "going to Oslo, plan written" }',
      '- match: { worker: main, turn: 2, text: "Lisbon, in May" }',
      '  respond: { text: "going to Lisbon, in May" }',
      '- match: { worker: main, turn: 2 }',
      '  respond: { text: "the answer did not arrive" }',
      '',
    ].join('\n'),
  );
  return { root, script };
}

describe.skipIf(chromiumMissing)('questions in llm-do ui', { timeout: 120_000 }, () => {
  const chromium = useChromium();

  test('a run started in the page pauses on its question; answered and resumed in the page, the model gets the answer', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'case-'));
    const { root, script } = writeProject(dir);
    const env = { LLM_DO_HOME: path.join(dir, 'home'), USER: 'ada' };
    const ui = await startUi(['--model', `scripted:${script}`], { cwd: root, env });
    const { page, errors } = await openUiPage(chromium.browser);
    try {
      await page.goto(ui.url);
      await page.locator('#new-run').click();
      await page.locator('#start-input').fill('plan a trip');
      await page.locator('[data-action=start]').click();
      await page.waitForURL(/#\/runs\/[0-9a-f-]{36}$/);
      const runId = page.url().split('/').at(-1)!;

      // Paused on the question: shown as text with who asks, counted in the list, resume waiting for it.
      const question = page.locator('[data-pending] .question');
      await question.waitFor();
      expect(await page.locator('h1 .status').textContent()).toBe('paused');
      expect(await page.locator('[data-pending] h2').textContent()).toBe('Waiting for an answer');
      expect(await question.locator('.muted').first().textContent()).toBe('main asks:');
      expect(await question.locator('pre').textContent()).toBe(QUESTION);
      expect(await page.locator('[data-action=resume]').isDisabled()).toBe(true);
      expect(await page.locator('[data-pending] .actions').last().textContent()).toContain('1 unanswered');
      expect(await page.locator('.tool[data-tool="ask_user"] .outcome').textContent()).toBe('waiting');
      expect(await page.locator('.tool[data-tool="ask_user"]').textContent()).toContain('waiting for an answer');
      await expect.poll(() => page.locator(`#runs li[data-run-id="${runId}"]`).textContent()).toContain('1 to answer');
      const questionId = await question.getAttribute('data-question-id');
      expect(questionId).toMatch(/^[0-9a-f-]{36}$/);

      // Over HTTP: the same checks as every POST, and bad answers refused, nothing recorded.
      const answerPath = `/api/runs/${runId}/answers`;
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        rawRequest(ui, answerPath, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: ui.cookie, origin: ui.origin, ...headers },
          body: JSON.stringify(body),
        });
      const valid = { question_id: questionId, text: 'Porto' };
      expect(
        (await rawRequest(ui, answerPath, { method: 'POST', headers: { 'content-type': 'application/json', origin: ui.origin }, body: JSON.stringify(valid) }))
          .status,
      ).toBe(403);
      const foreign = await post(valid, { origin: 'http://evil.example' });
      expect(foreign.status).toBe(403);
      expect((await post(valid, { host: 'evil.example' })).status).toBe(403);
      const form = await rawRequest(ui, answerPath, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', cookie: ui.cookie, origin: ui.origin },
        body: JSON.stringify(valid),
      });
      expect(form.status).toBe(415);
      const unknown = await post({ question_id: 'ffffffff', text: 'Porto' });
      expect(unknown.status).toBe(409);
      expect(JSON.parse(unknown.body).error).toBe(`run ${runId} has no pending question ffffffff (pending questions: ${questionId})`);
      const empty = await post({ question_id: questionId, text: ' ' });
      expect(empty.status).toBe(400);
      expect(JSON.parse(empty.body).error).toBe('text: expected the text of the answer, e.g. "Lisbon"');
      const approvals = JSON.parse((await runCli(['approvals', runId, '--json'], { cwd: root, env })).stdout);
      expect(approvals.runs[0].pending).toEqual([expect.objectContaining({ kind: 'question', question_id: questionId, question: QUESTION })]);
      expect(approvals.runs[0].pending[0].answer).toBeUndefined();

      // Answered in the page: recorded with who answered, as llm-do answer records it.
      await question.locator('input[aria-label=answer]').fill('Lisbon, in May');
      await question.locator('[data-action=answer]').click();
      await page.locator('[data-pending] .question .answer').waitFor();
      expect(await page.locator('[data-pending] .question .answer').textContent()).toBe('answered: Lisbon, in May');
      expect(await page.locator('[data-pending] .question').textContent()).toMatch(/by ada@/);
      const recorded = JSON.parse((await runCli(['approvals', runId, '--json'], { cwd: root, env })).stdout);
      expect(recorded.runs[0].pending[0].answer).toMatchObject({ text: 'Lisbon, in May', answered_by: expect.stringMatching(/^ada@/) });
      // A second answer, from the page's API or the CLI, is refused the same way.
      const again = await post(valid);
      expect(again.status).toBe(409);
      expect(JSON.parse(again.body).error).toMatch(new RegExp(`^question ${questionId} of run ${runId} is answered already \\("Lisbon, in May", by ada@`));
      const cliAgain = await runCli(['answer', runId, questionId!, 'Porto'], { cwd: root, env });
      expect(cliAgain.code).toBe(2);
      expect(cliAgain.stderr).toContain(`question ${questionId} of run ${runId} is answered already ("Lisbon, in May", by ada@`);
      await expect.poll(() => page.locator(`#runs li[data-run-id="${runId}"]`).textContent()).not.toContain('to answer');

      // Resumed in the page, the run completes with what the model made of the answer.
      expect(await page.locator('[data-action=resume]').isDisabled()).toBe(false);
      await page.locator('[data-action=resume]').click();
      await expect.poll(() => page.locator('h1 .status').textContent()).toBe('ok');
      expect(await page.locator('[data-output]').textContent()).toBe('going to Lisbon, in May');
      expect(await page.locator('.tool[data-tool="ask_user"] .outcome').textContent()).toBe('ok');
      expect(await page.locator('[data-pending]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(await page.locator('#detail img, #detail b').count()).toBe(0);
      const shown = JSON.parse((await runCli(['runs', 'show', runId, '--json'], { cwd: root, env })).stdout);
      expect(shown.run).toMatchObject({
        status: 'ok',
        output: 'going to Lisbon, in May',
        root: { tool_calls: [{ tool: 'ask_user', ok: true, result: 'Lisbon, in May' }] },
      });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      const stopped = await ui.stop();
      expect(stopped.code, stopped.stderr).toBe(0);
    }
  });

  test('a run paused by another process on an approval and a question resumes only once both are settled', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'case-'));
    const { root, script } = writeProject(dir);
    const env = { LLM_DO_HOME: path.join(dir, 'home'), USER: 'ada' };
    const paused = await runCli(['.', 'write too', '--model', `scripted:${script}`, '--on-approval', 'pause', '--json'], { cwd: root, env });
    expect(paused.code, paused.stderr).toBe(3);
    const runId: string = JSON.parse(paused.stdout).run_id;
    const ui = await startUi([], { cwd: root, env });
    const page = await chromium.browser.newPage();
    try {
      await page.goto(ui.url);
      const item = page.locator(`#runs li[data-run-id="${runId}"]`);
      await expect.poll(() => item.textContent()).toContain('1 to decide1 to answer');
      await item.locator('a').click();
      await page.locator('[data-pending]').waitFor();
      expect(await page.locator('[data-pending] h2').textContent()).toBe('Waiting for a decision and an answer');
      const resume = page.locator('[data-action=resume]');
      expect(await resume.isDisabled()).toBe(true);

      await page.locator('[data-pending] input[aria-label=answer]').fill('Oslo');
      await page.locator('[data-action=answer]').click();
      await page.locator('[data-pending] .question .answer').waitFor();
      // Answered, but the approval is undecided: still no resume.
      expect(await resume.isDisabled()).toBe(true);
      expect(await page.locator('[data-pending] > .actions').textContent()).toContain('1 undecided');
      await page.locator('[data-action=approve]').click();
      await page.locator('.decision.approve').waitFor();
      expect(await resume.isDisabled()).toBe(false);
      expect(await page.locator('[data-pending] > .actions').textContent()).toContain('every approval is decided and every question is answered');
      await resume.click();
      await expect.poll(() => page.locator('h1 .status').textContent()).toBe('ok');
      expect(await page.locator('[data-output]').textContent()).toBe('going to Oslo, plan written');
      expect(fs.readFileSync(path.join(root, 'out/plan.md'), 'utf8')).toBe('plan');
    } finally {
      await page.close();
      const stopped = await ui.stop();
      expect(stopped.code, stopped.stderr).toBe(0);
    }
  });
});
