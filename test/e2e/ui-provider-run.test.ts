/**
 * `llm-do ui` shows what a provider did on its side (docs/models.md, "Provider tools" and "Sources"):
 * a search marked provider-run instead of an approval, and the answer's cited pages as links — only
 * `http:`/`https:` ones; a `javascript:` URL a provider sends stays text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { chromiumMissing, useChromium } from '../helpers/chromium.ts';
import { runCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';
import { openUiPage, startUi } from './helpers/ui.ts';

describe.skipIf(chromiumMissing)('llm-do ui: provider-run tools and sources', { timeout: 120_000 }, () => {
  const chromium = useChromium(closeServers);

  test('a search shows as provider-run, and the cited pages as links only when they are web pages', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-ui-sources-'));
    const root = path.join(dir, 'project');
    fs.mkdirSync(root);
    fs.writeFileSync(
      path.join(root, 'main.worker'),
      '---\nname: main\ndescription: Looks things up.\nmodel: anthropic:claude-sonnet-4-5\nprovider_tools: [web_search]\n---\nYou are worker main.\n',
    );
    const results = [
      { url: 'https://tides.example/today', title: 'Tides today' },
      { url: 'javascript:window.pwned=1', title: 'Not a page' },
    ];
    const { env: providerEnv } = await scripted(() => ({ webSearch: { query: 'tides', results, cited: true }, text: 'High tide at noon.' }));
    const env = { LLM_DO_HOME: path.join(dir, 'home'), USER: 'ada' };
    const ran = await runCli(['.', 'tides?', '-q'], { cwd: root, env: { ...env, ...(providerEnv as Record<string, string>) } });
    expect(ran.code, ran.stderr).toBe(0);

    const ui = await startUi([], { cwd: root, env });
    const { page, errors } = await openUiPage(chromium.browser);
    try {
      await page.goto(ui.url);
      await page.locator('#runs li[data-run-id] a').first().click();
      const search = page.locator('.tool[data-tool="web_search"]');
      await expect.poll(() => search.textContent()).toContain('provider-run');
      const links = page.locator('.sources a');
      expect(await links.count()).toBe(1);
      expect(await links.getAttribute('href')).toBe('https://tides.example/today');
      expect(await links.textContent()).toBe('Tides today');
      expect(await page.locator('.sources li').nth(1).textContent()).toBe('Not a page <javascript:window.pwned=1>');
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      expect((await ui.stop()).code).toBe(0);
    }
  });
});
