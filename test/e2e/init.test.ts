/**
 * `llm-do init demo && llm-do check demo && llm-do demo "hi" --model test` with the BUILT CLI, for
 * every template, in a temp directory outside the repository (so a research-agent `tools.ts` can
 * only reach "llm-do" and "zod" through llm-do's own module loader). Build first: `npm run build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from './helpers/run-cli.ts';

function tempDir(): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-init-')));
}

describe('llm-do init (built CLI)', () => {
  test.each(['minimal', 'pipeline', 'research-agent'])('init, check and run the %s template', async (template) => {
    const cwd = tempDir();
    const created = await runCli(['init', 'demo', '--template', template], { cwd });
    expect(created.stderr).toContain(`created demo/ from the ${template} template:`);
    expect(created.stdout).toBe('');
    expect(created.code).toBe(0);

    const check = await runCli(['check', 'demo'], { cwd });
    expect(check.stderr).toMatch(/^check passed: 0 errors, 0 warnings/);
    expect(check.code).toBe(0);

    const run = await runCli(['demo', 'hi', '--model', 'test'], { cwd });
    expect(run.stderr).not.toContain('llm-do:');
    expect(run.stdout.trim()).not.toBe('');
    expect(run.stdout).toContain('worker main received "hi"');
    expect(run.code).toBe(0);
  });

  test('a second init into the same directory exits 2 and changes nothing', async () => {
    const cwd = tempDir();
    expect((await runCli(['init', 'demo'], { cwd })).code).toBe(0);
    const worker = path.join(cwd, 'demo/main.worker');
    fs.writeFileSync(worker, 'edited by the user');
    const again = await runCli(['init', 'demo', '--template', 'pipeline'], { cwd });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('llm-do: refusing to overwrite demo/');
    expect(fs.readFileSync(worker, 'utf8')).toBe('edited by the user');
    expect(fs.existsSync(path.join(cwd, 'demo/project.yaml'))).toBe(false);
  });

  test('--list-templates and an unknown template', async () => {
    const list = await runCli(['init', '--list-templates']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^minimal +.+\npipeline +.+\nresearch-agent +.+\n$/);
    const unknown = await runCli(['init', 'demo', '--template', 'chatbot'], { cwd: tempDir() });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('llm-do: unknown template "chatbot" (valid templates: minimal, pipeline, research-agent)\n');
  });
});
