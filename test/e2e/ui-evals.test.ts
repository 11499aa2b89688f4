/**
 * The Evals page of `llm-do ui` in Chromium (docs/ui.md, "Evals"): the evals `llm-do eval` recorded
 * (examples/model_eval, offline), one eval's table as the terminal report gives it, a link to a
 * case's run, a comparison with an earlier eval, and an unknown eval named as such.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../project/fixture.ts';
import { chromiumMissing, useChromium } from '../helpers/chromium.ts';
import { REPO_ROOT, runCli } from './helpers/run-cli.ts';
import { openUiPage, rawRequest, startUi } from './helpers/ui.ts';

const EXAMPLE = path.join(REPO_ROOT, 'examples/model_eval');
const MODELS = ['--models', 'careful=scripted:careful.yaml,hasty=scripted:hasty.yaml', '--json'];

describe.skipIf(chromiumMissing)('the Evals page of llm-do ui', { timeout: 120_000 }, () => {
  const chromium = useChromium();

  test('lists the evals, shows one as the terminal table with links to its runs, and compares it with an earlier one', async () => {
    const home = tempDir('llm-do-e2e-ui-evals-');
    const first = await runCli(['eval', '.', ...MODELS], { cwd: EXAMPLE, home });
    const second = await runCli(['eval', '.', ...MODELS], { cwd: EXAMPLE, home });
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([1, 1]);
    const [earlier, latest] = [JSON.parse(first.stdout).id as string, JSON.parse(second.stdout).id as string];

    const ui = await startUi([EXAMPLE], { cwd: EXAMPLE, env: { HOME: home } });
    try {
      const { page, errors } = await openUiPage(chromium.browser);
      await page.goto(ui.url);
      await page.locator('#evals-link').click();
      await page.locator('#evals a').first().waitFor();
      // Newest first by the second an eval started; these two started within one second.
      expect((await page.locator('#evals tbody tr td:first-child').allTextContents()).sort()).toEqual([latest, earlier].sort());

      await page.locator('#evals a', { hasText: latest }).click();
      await page.locator('#eval-models').waitFor();
      const rows = await page.locator('#eval-models tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(0, 3).map((td) => td.textContent)));
      expect(rows).toEqual([
        ['careful', '100%', '3/3'],
        ['hasty', '67%', '2/3'],
      ]);
      // Scripted models cost nothing (an unpriced model shows "cost unknown", never $0: test/ui/evals-api.test.ts).
      expect(await page.locator('#eval-models tbody tr td:nth-child(5)').allTextContents()).toEqual(['$0.0000', '$0.0000']);
      expect(await page.locator('#eval-cases tr.failed').first().textContent()).toContain('hasty');

      await page.locator('#eval-compare').selectOption(earlier);
      await expect.poll(() => page.locator('#eval-changes li').first().textContent()).toBe(`no case changed against ${earlier}`);

      await page.locator('#eval-cases a.eval-run').first().click();
      await expect.poll(() => page.locator('h1 .status').textContent()).toMatch(/^(ok|error)$/);
      expect(page.url()).toMatch(/#\/runs\//);

      await page.goto(`${ui.origin}/#/evals/no-such-eval`);
      await expect.poll(() => page.locator('#detail h2').textContent()).toBe('This eval cannot be shown');
      expect(await page.locator('#detail .error-text').textContent()).toContain('no such eval');
      expect(errors.filter((error) => !error.includes('404'))).toEqual([]);

      const refused = await rawRequest(ui, '/api/evals/no-such-eval', { headers: { cookie: ui.cookie } });
      expect(refused.status).toBe(404);
    } finally {
      await ui.stop();
    }
  });
});
