/**
 * Context policies through the built CLI (docs/worker-format.md, "context"): a tool loop over its
 * budget clears old tool results, the terminal shows each compaction, the run log keeps it
 * (`runs show`), `llm-do test` asserts how many there were, and `llm-do check` refuses a bad `context:`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir, writeTree } from '../project/fixture.ts';
import { runCli } from './helpers/run-cli.ts';

const READ = { tool_calls: [{ name: 'read_file', args: { path: '/work/big.txt' } }] };
/** Reads big.txt on turns 1 to 4, then answers. */
const SCRIPT = [1, 2, 3, 4].map((turn) => ({ match: { turn }, respond: READ })).concat([{ match: { turn: 5 }, respond: { text: 'read it all' } } as never]);

function project(context: string): string {
  return writeTree(
    {
      'project.yaml': 'name: ctx\n',
      'main.worker': `---\nname: main\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    work: { root: ., mode: ro }\n${context}---\nRead big.txt.\n`,
      'big.txt': `${'x'.repeat(2000)}\n`,
      'script.json': JSON.stringify(SCRIPT),
      'tests/main.test.yaml': `cases:\n  - name: compacts\n    input: go\n    model: { script: ../script.json }\n    expect:\n      output: read it all\n      compactions: { min: 1 }\n  - name: expects none\n    input: go\n    model: { script: ../script.json }\n    expect:\n      compactions: 0\n`,
    },
    tempDir('llm-do-e2e-context-'),
  );
}

describe('context policies', { timeout: 120_000 }, () => {
  test('a tool loop over its budget clears old tool results; the terminal and runs show say so', async () => {
    const dir = project('context:\n  max_tokens: 1500\n  keep: 1\n');
    const options = { cwd: dir, env: { LLM_DO_HOME: path.join(dir, '.home') } };
    const ran = await runCli(['main.worker', 'go', '--model', 'scripted:script.json'], options);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('read it all');
    expect(ran.stderr).toMatch(/↻ context: cleared \d+ old tool results? before request \d+: ~\d+ → ~\d+ tokens, budget 1500/);
    const shown = await runCli(['runs', 'show', 'last'], options);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/context: cleared \d+ old tool results? before request \d+/);
  });

  test('stop fails before sending, naming the worker and the budget', async () => {
    const dir = project('context:\n  max_tokens: 900\n  on_overflow: stop\n');
    const ran = await runCli(['main.worker', 'go', '--model', 'scripted:script.json'], { cwd: dir, env: { LLM_DO_HOME: path.join(dir, '.home') } });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(
      /worker main: request \d+ would need about \d+ tokens .*over its context budget, context\.max_tokens \(900\); on_overflow is stop/,
    );
  });

  test('llm-do test asserts the number of compactions', async () => {
    const dir = project('context:\n  max_tokens: 1500\n  keep: 1\n');
    const result = await runCli(['test', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✓ tests/main.test.yaml: compacts');
    expect(result.stdout + result.stderr).toMatch(/compactions: expected 0, got [1-9]/);
  });

  test('summarize: a scripted model writes the summary, and the loop goes on from it', async () => {
    const read = (file: string) => ({ tool_calls: [{ name: 'read_file', args: { path: `/work/${file}` } }] });
    const script = [
      { match: { text: 'Transcript to summarize' }, respond: { text: 'SUMMARY: a, b and c were read' } },
      { match: { text: 'DDDD' }, respond: { text: 'read them all' } },
      { match: { text: 'CCCC' }, respond: read('d.txt') },
      { match: { text: 'BBBB' }, respond: read('c.txt') },
      { match: { text: 'AAAA' }, respond: read('b.txt') },
      { respond: read('a.txt') },
    ];
    const dir = writeTree(
      {
        'project.yaml': 'name: ctx\n',
        'main.worker':
          '---\nname: main\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    work: { root: ., mode: ro }\ncontext:\n  max_tokens: 1500\n  on_overflow: summarize\n  keep: 2\n---\nRead the files.\n',
        ...Object.fromEntries(['a', 'b', 'c', 'd'].map((name) => [`${name}.txt`, `${name.toUpperCase().repeat(2000)}\n`])),
        'script.json': JSON.stringify(script),
        'tests/main.test.yaml':
          'cases:\n  - name: summarizes\n    input: go\n    model: { script: ../script.json }\n    expect:\n      output: read them all\n      compactions: { min: 1, max: 2 }\n',
      },
      tempDir('llm-do-e2e-summary-'),
    );
    const result = await runCli(['test', dir]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).toContain('✓ tests/main.test.yaml: summarizes');
  });

  test('summarize: match.turn counts the requests of the call across summaries, so a script can end the loop by turn', async () => {
    const script = [
      { match: { text: 'Transcript to summarize' }, respond: { text: 'SUMMARY: a.txt was read' } },
      { match: { turn: 9 }, respond: { text: 'read it eight times' } },
      { respond: { tool_calls: [{ name: 'read_file', args: { path: '/work/a.txt' } }] } },
    ];
    const dir = writeTree(
      {
        'project.yaml': 'name: ctx\n',
        'main.worker':
          '---\nname: main\nmax_steps: 20\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    work: { root: ., mode: ro }\ncontext:\n  max_tokens: 1500\n  on_overflow: summarize\n  keep: 2\n---\nRead the file.\n',
        'a.txt': `${'A'.repeat(2000)}\n`,
        'script.json': JSON.stringify(script),
        'tests/main.test.yaml':
          'cases:\n  - name: ends at turn 9\n    input: go\n    model: { script: ../script.json }\n    expect:\n      output: read it eight times\n      compactions: { min: 2 }\n',
      },
      tempDir('llm-do-e2e-summary-turns-'),
    );
    const result = await runCli(['test', dir]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).toContain('✓ tests/main.test.yaml: ends at turn 9');
  });

  test('a summary_model whose provider has no key fails the run before its first request, not at its first compaction', async () => {
    const dir = writeTree(
      {
        'project.yaml': 'name: ctx\n',
        'main.worker':
          '---\nname: main\ntoolsets:\n  filesystem: {}\ncontext:\n  max_tokens: 1500\n  on_overflow: summarize\n  summary_model: openai:gpt-5-mini\n---\nRead.\n',
        'script.json': JSON.stringify([{ respond: { tool_calls: [{ name: 'read_file', args: { path: '/script.json' } }] } }]),
      },
      tempDir('llm-do-e2e-summary-key-'),
    );
    const result = await runCli([dir, 'go', '--model', `scripted:${path.join(dir, 'script.json')}`, '--no-log'], {
      env: { OPENAI_API_KEY: undefined },
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('missing API key for openai:gpt-5-mini (worker main)');
    expect(result.stderr).not.toContain('read_file');
  });

  test('llm-do check refuses a contradictory or malformed context:', async () => {
    const alias = project('max_context_tokens: 1000\ncontext:\n  max_tokens: 2000\n');
    const both = await runCli(['check', alias]);
    expect(both.code).toBe(2);
    expect(both.stdout + both.stderr).toContain('max_context_tokens is an alias of context.max_tokens: keep one');
    const bad = project('context:\n  on_overflow: shrink\n');
    fs.rmSync(path.join(bad, 'tests'), { recursive: true });
    const malformed = await runCli(['check', bad]);
    expect(malformed.code).toBe(2);
    expect(malformed.stdout + malformed.stderr).toMatch(/context\.on_overflow/);
  });
});
