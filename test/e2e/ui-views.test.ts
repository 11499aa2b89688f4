/**
 * `llm-do ui` in real headless Chromium, the views of issue 37 (item 7) and issue 36 (item 4)
 * (docs/ui.md): the start form drawn from a worker's schema_in, approval cards that show a file's
 * content as text and an edit as a diff, and a long run whose earlier steps are folded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { chromiumMissing, useChromium } from '../helpers/chromium.ts';
import { runCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';
import { openUiPage, startUi, writeUiProject, type RunningUi } from './helpers/ui.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-ui-views-'));

describe.skipIf(chromiumMissing)('llm-do ui views in Chromium', { timeout: 120_000 }, () => {
  const chromium = useChromium(closeServers);

  async function open(args: (script: string) => string[] = (script) => ['--model', `scripted:${script}`]) {
    const dir = fs.mkdtempSync(path.join(tmp, 'case-'));
    const { root, script } = writeUiProject(dir);
    const env = { LLM_DO_HOME: path.join(dir, 'home'), USER: 'ada' };
    const ui = await startUi(args(script), { cwd: root, env });
    const { page, errors } = await openUiPage(chromium.browser);
    await page.goto(ui.url);
    return { root, script, env, ui, page, errors };
  }

  async function close({ ui, page, errors }: { ui: RunningUi; page: Page; errors: string[] }): Promise<void> {
    expect(errors).toEqual([]);
    expect((await ui.stop()).code).toBe(0);
    await page.close();
  }

  test("the start form draws the worker's schema_in: a required field, refused empty naming the field, then the run", async () => {
    const opened = await open();
    const { page } = opened;
    await page.locator('#new-run').click();
    // A worker without schema_in takes text.
    await page.locator('#start-input').waitFor();
    await page.locator('#start-worker').selectOption('report');
    const topic = page.locator('[data-field=topic]');
    await topic.waitFor();
    expect(await page.locator('#start-input').count()).toBe(0);
    expect(await page.locator('label[for=field-topic]').textContent()).toBe('topic *');
    expect(await topic.getAttribute('type')).toBe('text');

    await page.locator('[data-action=start]').click();
    expect(await page.locator('#detail [role=alert]').textContent()).toBe('the start form: topic: required');

    await topic.fill('tides');
    await page.locator('[data-action=start]').click();
    await page.waitForURL(/#\/runs\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator('h1 .status').textContent()).toBe('ok');
    expect(await page.locator('.panel', { hasText: 'Input' }).locator('pre').first().textContent()).toBe(JSON.stringify({ topic: 'tides' }, null, 2));
    expect(await page.locator('[data-output]').textContent()).toBe('a report');
    await close(opened);
  });

  test("the runs list shows each run's input, project and kind, and a chat's turns grouped under its newest", async () => {
    const opened = await open();
    const { page, root, env } = opened;
    expect((await runCli(['.', 'plain question', '--model', 'test'], { cwd: root, env })).code).toBe(0);
    expect((await runCli(['chat', '.', '--model', 'test'], { cwd: root, env, stdin: 'first turn\nsecond turn\n' })).code).toBe(0);
    const rows = page.locator('#runs li[data-run-id]');
    await expect.poll(() => rows.count()).toBe(3);
    const read = (row: ReturnType<typeof rows.nth>) =>
      Promise.all([
        row.locator('.excerpt').textContent(),
        row.locator('.kind').allTextContents(),
        row.getAttribute('class'),
        row.locator('.conversation').allTextContents(),
      ]);
    // Newest first: the chat's second turn heads its conversation, its first turn under it, then the plain run.
    expect(await read(rows.nth(0))).toEqual(['second turn', ['chat'], null, ['2 turns']]);
    expect(await read(rows.nth(1))).toEqual(['first turn', ['chat'], 'turn', []]);
    expect(await read(rows.nth(2))).toEqual(['plain question', [], null, []]);
    expect(await rows.nth(2).locator('.project').textContent()).toBe('notes');
    expect(await rows.nth(2).locator('.when').textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await close(opened);
  });

  test('an approval card shows an edit as a diff of the file, and its other arguments as text', async () => {
    const opened = await open();
    const { page, root, env, script } = opened;
    fs.writeFileSync(path.join(root, 'out/note.txt'), 'one\ntwo\nthree\n');
    fs.writeFileSync(
      script,
      [
        '- match: { worker: main, turn: 1 }',
        '  respond: { tool_calls: [{ name: edit_file, args: { path: /out/note.txt, old: "two\\nthree", new: "2\\n3 <b>bold</b>" } }] }',
        '- match: { worker: main, turn: 2 }',
        '  respond: { text: edited }',
        '',
      ].join('\n'),
    );
    const paused = await runCli(['.', 'go', '--model', `scripted:${script}`, '--on-approval', 'pause', '--json'], { cwd: root, env });
    expect(paused.code, paused.stderr).toBe(3);
    const { run_id: runId } = JSON.parse(paused.stdout);
    await page.goto(`${opened.ui.origin}/#/runs/${runId}`);
    const approval = page.locator('[data-pending] .approval');
    await approval.waitFor();
    expect(await approval.locator('[data-arg=path] pre').textContent()).toBe('/out/note.txt');
    expect(await approval.locator('.diff .removed').allTextContents()).toEqual(['- two\n', '- three\n']);
    expect(await approval.locator('.diff .added').allTextContents()).toEqual(['+ 2\n', '+ 3 <b>bold</b>\n']);
    expect(await page.locator('#detail b').count()).toBe(0);

    // A run that is not recorded says so instead of loading forever.
    await page.goto(`${opened.ui.origin}/#/runs/ffffffff`);
    await page.getByText('This run cannot be shown').waitFor();
    expect(await page.locator('#detail .error-text').textContent()).toMatch(/no recorded run has an id starting with "ffffffff"/);
    // The browser reports the refused stream and request in the console: expected here.
    opened.errors.splice(0, Infinity, ...opened.errors.filter((error) => !error.includes('404')));
    await close(opened);
  });

  test('a run of 1,000 steps shows its last 20; the earlier ones are folded and shown on request', async () => {
    const STEPS = 1000;
    const { env: providerEnv } = await scripted(async (_request, index) =>
      index < STEPS - 1 ? { toolCalls: [{ name: 'read_file', args: { path: '/out/seed.txt' } }] } : { text: 'read it all' },
    );
    const opened = await open(() => []);
    const { page, root, env } = opened;
    fs.writeFileSync(path.join(root, 'out/seed.txt'), 'a seed\n');
    const run = await runCli(['.', 'go', '--model', 'openai-compatible:scripted', '--set', `max_steps=${STEPS}`, '--json'], {
      cwd: root,
      env: { ...env, ...(providerEnv as Record<string, string>) },
      // A thousand requests: several seconds, more on a machine that runs other suites too.
      timeoutMs: 90_000,
    });
    expect(run.code, run.stderr).toBe(0);
    await page.locator('#runs li[data-run-id] a').click();
    const call = page.locator('.call[data-call-id="c1"]');
    const steps = call.locator(':scope > .step');
    await expect.poll(() => steps.count()).toBe(20);
    expect(await steps.first().getAttribute('data-step')).toBe(String(STEPS - 19));
    expect(await call.locator('.folded').textContent()).toContain(`${STEPS - 20} earlier steps (1–${STEPS - 20}) folded: ${STEPS - 20} tool calls`);

    await call.locator('[data-action=show-earlier]').click();
    await expect.poll(() => steps.count()).toBe(40);
    await call.locator('[data-action=show-all]').click();
    await expect.poll(() => steps.count()).toBe(STEPS);
    expect(await call.locator('.folded').count()).toBe(0);
    expect(await page.locator('[data-output]').textContent()).toBe('read it all');
    await close(opened);
  }, 120_000);
});
