/**
 * `llm-do models alias set NAME MODEL` and `alias rm NAME` (docs/models.md) through the built CLI: they
 * edit the user config in $LLM_DO_HOME, keep what else it holds, and refuse bad input without writing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../project/fixture.ts';
import { runCli } from './helpers/run-cli.ts';

describe.concurrent('models alias', () => {
  test('set adds and changes aliases, keeping comments and other settings; models lists them; rm removes them', async () => {
    const home = tempDir('llm-do-e2e-alias-');
    const config = path.join(home, 'config.yaml');
    fs.writeFileSync(config, '# my settings\nmodel: test\n');
    const env = { LLM_DO_HOME: home };

    const added = await runCli(['models', 'alias', 'set', 'fast', 'anthropic:claude-haiku-4-5'], { env });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe(`added alias fast → anthropic:claude-haiku-4-5 in ${config}\n`);
    expect((await runCli(['models', 'alias', 'set', 'quick', 'fast'], { env })).code).toBe(0);
    const changed = await runCli(['models', 'alias', 'set', 'fast', 'openai:gpt-4o-mini'], { env });
    expect(changed.stdout).toBe(`changed alias fast → openai:gpt-4o-mini in ${config}\n`);
    expect(fs.readFileSync(config, 'utf8')).toBe('# my settings\nmodel: test\nmodels:\n  fast: openai:gpt-4o-mini\n  quick: fast\n');

    const listed = await runCli(['models', '--json'], { env, cwd: home });
    expect(JSON.parse(listed.stdout).aliases).toEqual([
      { name: 'fast', target: 'openai:gpt-4o-mini', model: 'openai:gpt-4o-mini', source: config },
      { name: 'quick', target: 'fast', model: 'openai:gpt-4o-mini', source: config },
    ]);

    expect((await runCli(['models', 'alias', 'rm', 'quick'], { env })).stdout).toBe(`removed alias quick from ${config}\n`);
    expect((await runCli(['models', 'alias', 'remove', 'fast'], { env })).code).toBe(0);
    expect(fs.readFileSync(config, 'utf8')).toBe('# my settings\nmodel: test\n');
  });

  test('bad names, bad models, cycles and unknown aliases are refused with exit 2 and nothing written', async () => {
    const home = tempDir('llm-do-e2e-alias-bad-');
    const env = { LLM_DO_HOME: home };
    const cases: [string[], string][] = [
      [['set', 'a:b', 'openai:gpt-4o'], 'llm-do: invalid alias name "a:b": alias names use letters, digits, _ . - (no colon)'],
      [['set', 'test', 'openai:gpt-4o'], '"test" is the built-in offline model'],
      [['set', 'x', 'has space'], 'llm-do: models alias set x has space: expected provider:model'],
      [['set', 'loop', 'loop'], 'model alias loop → loop'],
      [['set', 'x', 'nowhere'], 'nowhere'],
      [['rm', 'nothere'], 'llm-do: no alias nothere in'],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(['models', 'alias', ...args], { env });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(fs.existsSync(path.join(home, 'config.yaml'))).toBe(false);
  });
});
