/**
 * `llm-do ui` in real headless Chromium (docs/ui.md, issue 19 (b)): the page shows a run paused by
 * another process appear in the list, draws its call tree, and a person approves and resumes it
 * there; the run then completes, in the page and in `llm-do runs`. A run started from the page's
 * form pauses, shows up live, is denied with a reason and resumed. A run of another process is
 * followed live, step by step, until it ends. Model output full of HTML stays text: no element or
 * script of it reaches the page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { chromiumMissing, useChromium } from '../helpers/chromium.ts';
import { runCli, startCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';
import { openUiPage, startUi, writeUiProject, type RunningUi } from './helpers/ui.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-ui-'));

describe.skipIf(chromiumMissing)('llm-do ui in Chromium', { timeout: 120_000 }, () => {
  const chromium = useChromium(closeServers);

  /** A project, its own LLM_DO_HOME, the UI serving it and a page open on it. */
  async function open(): Promise<{ root: string; script: string; env: Record<string, string>; ui: RunningUi; page: Page; errors: string[] }> {
    const dir = fs.mkdtempSync(path.join(tmp, 'case-'));
    const { root, script } = writeUiProject(dir);
    const env = { LLM_DO_HOME: path.join(dir, 'home'), USER: 'ada' };
    const ui = await startUi(['--model', `scripted:${script}`], { cwd: root, env });
    const { page, errors } = await openUiPage(chromium.browser);
    await page.goto(ui.url);
    // The token went from the address bar into a cookie.
    expect(new URL(page.url()).search).toBe('');
    return { root, script, env, ui, page, errors };
  }

  /** Stops the UI while the page still listens to it: Ctrl-C ends the open streams too. */
  async function close({ ui, page, errors }: { ui: RunningUi; page: Page; errors: string[] }): Promise<void> {
    expect(errors).toEqual([]);
    const stopped = await ui.stop();
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stderr).toContain('llm-do ui: stopped');
    await page.close();
  }

  /** The page shows model output as text only: nothing of it ran or became an element. */
  async function expectInert(page: Page): Promise<void> {
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator('#detail img, #detail script, #detail b').count()).toBe(0);
  }

  test('a run paused by another process appears, shows its tree, is approved and resumed in the page, and completes', async () => {
    const opened = await open();
    const { page, root, script, env } = opened;
    await expect.poll(() => page.locator('#runs li').textContent()).toContain('no runs recorded yet');

    const paused = await runCli(['.', 'go', '--model', `scripted:${script}`, '--on-approval', 'pause', '--json'], { cwd: root, env });
    expect(paused.code, paused.stderr).toBe(3);
    const { run_id: runId } = JSON.parse(paused.stdout);

    // The list follows the run log: the paused run shows up without a reload, waiting for a decision.
    const item = page.locator(`#runs li[data-run-id="${runId}"]`);
    await expect.poll(() => item.textContent()).toContain('1 to decide');
    expect(await item.locator('.status').textContent()).toBe('paused');
    await item.locator('a').click();

    await page.locator('[data-pending]').waitFor();
    expect(await page.locator('h1 .status').textContent()).toBe('paused');
    const approval = page.locator('[data-pending] .approval');
    expect(await approval.textContent()).toContain('main wants to run write_file (filesystem)');
    // Each argument by name, the file's content as text (not an escaped JSON string).
    expect(await approval.locator('[data-arg=path] pre').textContent()).toBe('/out/note.txt');
    expect(await approval.locator('[data-arg=content] pre').textContent()).toBe('<img src=x onerror=alert(1)>');
    expect(await page.locator('[data-action=resume]').isDisabled()).toBe(true);
    // The call tree: the entry call, its first step and the tool call waiting for a decision.
    const call = page.locator('.call[data-call-id="c1"]');
    expect(await call.locator('.call-name').first().textContent()).toContain('main#1');
    expect(await call.locator('.step-head').first().textContent()).toMatch(/^step 1 · scripted:.* · tool_calls · /);
    expect(await call.locator('.tool[data-tool="write_file"] .outcome').textContent()).toBe('waiting');
    await call.locator('details summary', { hasText: 'prompt sent' }).first().click();
    await expect.poll(() => call.locator('details[open] pre').first().textContent()).toContain('You are worker main.');
    await expectInert(page);

    await page.locator('[data-action=approve]').click();
    await page.locator('.decision.approve').waitFor();
    expect(await page.locator('.decision.approve').textContent()).toMatch(/^approved by ada@/);
    await page.locator('[data-action=resume]').click();

    await expect.poll(() => page.locator('h1 .status').textContent()).toBe('ok');
    expect(await page.locator('[data-output]').textContent()).toBe('wrote it <script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">');
    expect(await call.locator('.tool[data-tool="write_file"]').textContent()).toContain('approved by user');
    expect(await page.locator('[data-pending]').count()).toBe(0);
    await expect.poll(() => item.locator('.status').textContent()).toBe('ok');
    await expectInert(page);

    // The search box finds the run by what its model said; the hit's snippet is text too.
    await page.locator('#search').fill('pwned');
    await expect.poll(() => page.locator('#runs li .snippet').first().textContent()).toMatch(/^response: wrote it <script>window\.\[pwned\]/);
    expect(await page.locator('#runs li[data-run-id]').count()).toBe(1);
    await page.locator('#search').fill('nothing like this');
    await expect.poll(() => page.locator('#runs li').textContent()).toBe('no recorded run matches');
    await page.locator('#search').fill('');
    await expect.poll(() => page.locator('#runs li[data-run-id]').count()).toBe(1);
    await expectInert(page);

    const shown = await runCli(['runs', 'show', runId, '--json'], { cwd: root, env });
    expect(JSON.parse(shown.stdout).run).toMatchObject({ status: 'ok', exit_code: 0 });
    expect(fs.readFileSync(path.join(root, 'out/note.txt'), 'utf8')).toBe('<img src=x onerror=alert(1)>');
    await close(opened);
  });

  test('a run started from the form pauses live in the page; denied with a reason and resumed, it completes', async () => {
    const opened = await open();
    const { page, root, env } = opened;
    await page.locator('#new-run').click();
    await page.locator('#start-worker').waitFor();
    expect(await page.locator('#start-worker option').allTextContents()).toEqual(['main', 'report']);
    await page.locator('#start-input').fill('write the note');
    await page.locator('[data-action=start]').click();

    // The page goes to the new run and follows it until it pauses.
    await page.waitForURL(/#\/runs\/[0-9a-f-]{36}$/);
    const runId = page.url().split('/').at(-1)!;
    await page.locator('[data-pending]').waitFor();
    expect(await page.locator('h1 .status').textContent()).toBe('paused');

    await page.locator('[data-pending] input[aria-label=reason]').fill('not <b>there</b>');
    await page.locator('[data-action=deny]').click();
    await page.locator('.decision.deny').waitFor();
    expect(await page.locator('.decision.deny').textContent()).toMatch(/^denied: not <b>there<\/b> by ada@/);
    await page.locator('[data-action=resume]').click();

    await expect.poll(() => page.locator('h1 .status').textContent()).toBe('ok');
    expect(await page.locator('.tool[data-tool="write_file"] .outcome').textContent()).toBe('denied');
    expect(await page.locator('.tool[data-tool="write_file"]').textContent()).toContain('denied by user: not <b>there</b>');
    await expectInert(page);
    expect(fs.existsSync(path.join(root, 'out/note.txt'))).toBe(false);

    const runs = JSON.parse((await runCli(['runs', '--json'], { cwd: root, env })).stdout).runs;
    expect(runs).toMatchObject([{ id: runId, status: 'ok', entry: 'main' }]);
    await close(opened);
  });

  test('a run of another process is followed live: its first step shows while it runs, then its end', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { server, env: providerEnv } = await scripted(async (request) => {
      if (request.toolResults.length === 0) return { toolCalls: [{ name: 'read_file', args: { path: '/out/seed.txt' } }] };
      // The second step waits until the page has shown the run in the middle.
      await held;
      return { text: 'read it' };
    });
    const opened = await open();
    const { page, root, env } = opened;
    fs.writeFileSync(path.join(root, 'out/seed.txt'), 'a seed\n');
    const run = startCli(['.', 'go', '--model', 'openai-compatible:scripted'], {
      cwd: root,
      env: { ...env, ...(providerEnv as Record<string, string>) },
      timeoutMs: 60_000,
    });
    try {
      const item = page.locator('#runs li[data-run-id]');
      await expect.poll(() => item.locator('.status').textContent()).toBe('running');
      await item.locator('a').click();
      // The run log commits once per step: the first model step is there, the second is held.
      const step = page.locator('.call[data-call-id="c1"] .step-head');
      await expect.poll(() => step.first().textContent()).toMatch(/^step 1 · openai-compatible:scripted · tool_calls · /);
      expect(await step.count()).toBe(1);
      expect(await page.locator('h1 .status').textContent()).toBe('running');
      // The page may show the first step before its tool has run and the second request has gone out.
      await expect.poll(() => server.requests.length).toBe(2);
    } finally {
      release();
    }
    const ended = await run.result;
    expect(ended.code, ended.stderr).toBe(0);
    await expect.poll(() => page.locator('h1 .status').textContent()).toBe('ok');
    expect(await page.locator('[data-output]').textContent()).toBe('read it');
    expect(await page.locator('.step-head').count()).toBe(2);
    expect(await page.locator('.tool[data-tool="read_file"] .outcome').textContent()).toBe('ok');
    await close(opened);
  });

  test('a page of an earlier llm-do ui on the same port loses its access, and says so', async () => {
    const opened = await open();
    const { page, root, env, ui } = opened;
    await page.locator('#connection.live').waitFor();
    const stopped = await ui.stop();
    expect(stopped.code, stopped.stderr).toBe(0);
    const next = await startUi(['--port', String(ui.port)], { cwd: root, env });
    try {
      // The old page's cookie holds the old token: the new server refuses it.
      await page.getByText('This page has lost its access').waitFor();
      expect(await page.locator('#detail').textContent()).toContain('llm-do ui was restarted with a new token');
      expect(next.token).not.toBe(ui.token);
    } finally {
      await page.close();
      expect((await next.stop()).code).toBe(0);
    }
  });
});
