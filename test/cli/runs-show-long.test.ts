/**
 * `runs show` on a run of 1,000 steps (docs/runs.md, "llm-do runs show RUN"): it prints the last 20
 * steps and a line saying how to see the rest, a range on request, and with `--prompts` each message
 * and each tool schema once: its output grows with what is shown, not with the run.
 */
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { captureIO, tempDir } from '../project/fixture.ts';
import { beginning, feed, NO_USAGE, stamper } from '../run-log/helpers.ts';

const STEPS = 1000;
const TOOL = { type: 'function', name: 'read_file', description: 'Read a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } };

let home: string;

async function show(...args: string[]) {
  const capture = captureIO({ cwd: tempDir(), env: { LLM_DO_HOME: home } });
  const code = await main(['runs', 'show', 'last', ...args], capture.io);
  expect(code, capture.stderr()).toBe(0);
  return capture.stdout();
}

/** Records a tool loop of {@link STEPS} steps as a run process would: each request adds the last answer and its tool result. */
beforeAll(() => {
  home = tempDir('llm-do-long-run-');
  const db = openRunDatabase(path.join(home, 'runs.db'));
  const log = feed(
    createSqliteRunStore(db, {
      onWriteFailure: (error) => {
        throw error;
      },
    }),
  );
  const { identity, stamp } = stamper('long');
  const main = identity('c1', 'main');
  log.begin(beginning('long', 'read everything'));
  log.event(stamp({ ...main, type: 'run_start', model: 'test', input: 'read everything' }));
  for (let step = 1; step <= STEPS; step++) {
    const last = step === STEPS;
    const messages =
      step === 1
        ? [
            { role: 'system', content: 'Read.' },
            { role: 'user', content: [{ type: 'text', text: 'read everything' }] },
          ]
        : [
            { role: 'assistant', content: [{ type: 'tool-call', toolCallId: `t${step - 1}`, toolName: 'read_file', input: { path: `f${step - 1}.txt` } }] },
            {
              role: 'tool',
              content: [{ type: 'tool-result', toolCallId: `t${step - 1}`, toolName: 'read_file', output: { type: 'text', value: `text ${step - 1}` } }],
            },
          ];
    log.event(stamp({ ...main, type: 'model_request', model: 'test', step, system_sha256: 'a', message_count: 2 * step, tools: ['read_file'] }));
    log.event(
      stamp({
        ...main,
        type: 'model_prompt',
        model: 'test',
        step,
        prompt_from: step === 1 ? 0 : 2 * step - 2,
        messages,
        ...(step === 1 ? { tools: [TOOL] } : {}),
        settings: {},
      }),
    );
    log.event(
      stamp({
        ...main,
        type: 'model_step',
        model: 'test',
        step,
        finish_reason: last ? 'stop' : 'tool_calls',
        text: last ? 'read them all' : '',
        tool_calls: last ? 0 : 1,
        input_tokens: 10,
        output_tokens: 2,
        duration_ms: 1,
      }),
    );
    if (!last) {
      log.event(stamp({ ...main, type: 'tool_call', tool: 'read_file', tool_call_id: `t${step}`, args: { path: `f${step}.txt` } }));
      log.event(stamp({ ...main, type: 'tool_result', tool: 'read_file', tool_call_id: `t${step}`, ok: true, result: `text ${step}`, duration_ms: 1 }));
    }
  }
  log.event(stamp({ ...main, type: 'run_end', status: 'ok', output: 'read them all', usage: NO_USAGE, duration_ms: 5000 }));
  db.close();
});

describe('runs show on a 1,000-step run', () => {
  test('prints the last 20 steps, saying how to see the others; its length does not grow with the run', async () => {
    const shown = await show();
    expect(shown).toContain(`… 980 of ${STEPS} steps not shown (--steps 1-980, --all)`);
    expect(shown.match(/\n {2}step \d+ /g)).toHaveLength(20);
    expect(shown).toMatch(/\n {2}step 981 · tool_calls/);
    expect(shown).toContain('    read_file {"path":"f999.txt"} · 1ms · ok\n      → text 999\n');
    expect(shown.split('\n').length).toBeLessThan(100);
  });

  test('--steps and --all show any part; --prompts prints each message and the tool schema once', async () => {
    const middle = await show('--steps', '500-502');
    expect(middle.match(/\n {2}step \d+ /g)).toEqual(['\n  step 500 ', '\n  step 501 ', '\n  step 502 ']);
    expect(middle).toContain(`… 997 of ${STEPS} steps not shown (--steps 1-499, --steps 503-${STEPS}, --all)`);
    expect((await show('--all')).match(/\n {2}step \d+ /g)).toHaveLength(STEPS);

    const prompts = await show('--prompts', '--all');
    expect(prompts.match(/"inputSchema"/g)).toHaveLength(1);
    expect(prompts.match(/\[tools\] as in step \d+/g)).toHaveLength(STEPS - 1);
    expect(prompts).toContain(
      `      … ${2 * 500 - 2} message(s) as in step 499\n      [assistant]\n        call read_file (t499) {"path":"f499.txt"}\n      [tool]\n        result read_file (t499): text 499\n`,
    );
    // Each step prints what it added, a fixed number of lines: the whole is linear in the run.
    expect(prompts.split('\n').length).toBeLessThan(STEPS * 15);
  });
});
