/**
 * Stop reasons, reasoning and commentary through the built CLI (docs/cli.md, docs/models.md): a cut
 * or refused answer is a line on the terminal and an error (exit 1) with the answer so far on
 * stdout and in `--json`'s `output`; `--accept-truncated` takes it; the trace and the run log keep
 * the reason, the reasoning and the commentary; `--show-reasoning` shows the reasoning; `check`
 * validates `accept_truncated`. On the project's own scripted streams, and on the recordings of
 * ../shared when they are there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { tempDir, worker, writeTree } from '../project/fixture.ts';
import { anthropicStream, responsesStream } from '../helpers/provider-streams.ts';
import { HAVE_RECORDINGS, NO_RECORDINGS, type ReplayResponse, type ReplayServer, recording, startReplayServer } from '../helpers/replay-server.ts';
import { runCli } from './helpers/run-cli.ts';

const servers: ReplayServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

/** Runs `llm-do PROJECT go ...args` for a worker on `model` against `responses`, with a home of its own. */
async function cli(model: string, responses: ReplayResponse[], args: string[] = [], fields = '') {
  const server = await startReplayServer(responses);
  servers.push(server);
  const root = writeTree({ 'main.worker': worker('main', `model: ${model}\n${fields}`) }, tempDir('llm-do-e2e-stops-'));
  const home = tempDir('llm-do-e2e-stopshome-');
  const env = { ...server.env, LLM_DO_HOME: home };
  const result = await runCli([root, 'go', ...args], { env });
  return { ...result, root, home, env, server };
}

const ANTHROPIC = 'anthropic:claude-sonnet-4-5';
const cut = () => [anthropicStream([{ type: 'text', text: 'The first half of' }], { reason: 'max_tokens' })];

describe.concurrent('stop reasons at the command line', { timeout: 60_000 }, () => {
  test('a cut answer: the reason on stderr, the answer so far on stdout, exit 1; the trace and the run log keep the reason', async () => {
    const trace = path.join(tempDir('llm-do-e2e-stopstrace-'), 'trace.jsonl');
    const { code, stdout, stderr, env } = await cli(ANTHROPIC, cut(), ['--trace', trace]);
    expect(code).toBe(1);
    expect(stdout).toBe('The first half of\n');
    expect(stderr).toContain('  ! the answer was cut at the output token limit (length: max_tokens)\n');
    expect(stderr).toMatch(
      /llm-do: worker main: the answer was cut at the output token limit \(length: max_tokens\); the partial answer is the output\. .*--accept-truncated/,
    );
    expect(stderr).toContain('✗ failed');
    const events = fs
      .readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.find((event) => event.type === 'model_step')).toMatchObject({ finish_reason: 'length', provider_finish_reason: 'max_tokens' });
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'error', finish_reason: 'length', output: 'The first half of' });

    const shown = await runCli(['runs', 'show', 'last', '--json'], { env });
    const run = JSON.parse(shown.stdout).run;
    expect(run).toMatchObject({ status: 'error', exit_code: 1, finish_reason: 'length', output: 'The first half of' });
    expect(run.root.requests[0]).toMatchObject({ finish_reason: 'length', text: 'The first half of' });
    const listed = JSON.parse((await runCli(['runs', '--json'], { env })).stdout).runs[0];
    expect(listed).toMatchObject({ finish_reason: 'length', status: 'error' });
  });

  test('--json: status error, finish_reason length, the answer so far as output; --accept-truncated (or accept_truncated: true) makes it the answer', async () => {
    const failed = await cli(ANTHROPIC, cut(), ['--json', '-q']);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({
      status: 'error',
      finish_reason: 'length',
      output: 'The first half of',
      error: expect.stringContaining('cut at the output token limit'),
    });

    for (const accepted of [await cli(ANTHROPIC, cut(), ['--json', '--accept-truncated']), await cli(ANTHROPIC, cut(), ['--json'], 'accept_truncated: true')]) {
      expect(accepted.code).toBe(0);
      expect(JSON.parse(accepted.stdout)).toMatchObject({ status: 'ok', finish_reason: 'length', output: 'The first half of' });
      // Accepted, still said.
      expect(accepted.stderr).toContain('! the answer was cut at the output token limit (length: max_tokens)');
    }
  });

  test('a refusal: exit 1, no output, the explanation in the error', async () => {
    const details = { type: 'refusal', category: 'cyber', explanation: 'Blocked under the usage policy.' };
    const { code, stdout } = await cli(ANTHROPIC, [anthropicStream([], { reason: 'refusal', details })], ['--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      status: 'error',
      output: null,
      finish_reason: 'refusal',
      error: 'worker main got no answer: the model refused to answer (refusal): Blocked under the usage policy.',
    });
  });

  test('--show-reasoning shows the thinking; the run log keeps it, and the commentary apart from the answer', async () => {
    const thinking = anthropicStream(
      [
        { type: 'thinking', thinking: 'The user says go.\nSo I answer.', signature: 'sig' },
        { type: 'text', text: 'Gone.' },
      ],
      { reason: 'end_turn' },
    );
    const shown = await cli(ANTHROPIC, [thinking], ['--show-reasoning']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe('Gone.\n');
    expect(shown.stderr).toContain('  ∴ The user says go.\n  ∴ So I answer.\n');
    const quiet = await cli(ANTHROPIC, [thinking]);
    expect(quiet.stderr).not.toContain('∴');
    const request = JSON.parse((await runCli(['runs', 'show', 'last', '--json'], { env: quiet.env })).stdout).run.root.requests[0];
    expect(request).toMatchObject({ reasoning: 'The user says go.\nSo I answer.', text: 'Gone.' });

    const phased = await cli('openai:gpt-5.1', [
      responsesStream([
        { type: 'message', id: 'msg_c', text: 'Checking sources first.', phase: 'commentary' },
        { type: 'message', id: 'msg_f', text: 'The answer.', phase: 'final_answer' },
      ]),
    ]);
    expect(phased.stdout).toBe('The answer.\n');
    expect(phased.stderr).toContain('  » Checking sources first.\n');
    const phasedRequest = JSON.parse((await runCli(['runs', 'show', 'last', '--json'], { env: phased.env })).stdout).run.root.requests[0];
    expect(phasedRequest).toMatchObject({ commentary: 'Checking sources first.', text: 'The answer.' });
  });

  test('llm-do check validates accept_truncated', async () => {
    const root = writeTree({ 'main.worker': worker('main', 'model: test\naccept_truncated: sometimes') }, tempDir('llm-do-e2e-stopscheck-'));
    const { code, stdout } = await runCli(['check', root]);
    expect(code).toBe(2);
    expect(stdout).toMatch(/main\.worker:\d+:\d+: .*accept_truncated/);
  });
});

describe.skipIf(!HAVE_RECORDINGS).concurrent(`recorded responses at the command line${NO_RECORDINGS}`, { timeout: 60_000 }, () => {
  test("Anthropic's recorded refusal and DeepSeek's recorded cut answer end with exit 1 and say why", async () => {
    const refused = await cli(ANTHROPIC, recording('anthropic/anthropic-refusal.chunks.txt'), ['--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ status: 'error', finish_reason: 'refusal', output: null });
    const truncated = await cli('openai-compatible:deepseek-chat', recording('openai-chat/deepseek-text.chunks.txt'));
    expect(truncated.code).toBe(1);
    expect(truncated.stdout).toMatch(/^## \*\*Holiday Name:\*\* Starlight Remembrance/);
    expect(truncated.stderr).toContain('! the answer was cut at the output token limit (length)');
  });

  test("gpt-5.3-codex's commentary goes to stderr, its final answer alone to stdout", async () => {
    const { code, stdout, stderr } = await cli('openai:gpt-5.3-codex', recording('openai-responses/openai-phase.1.json'), ['--no-stream']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Here are some \*\*latest AI updates for today/);
    expect(stdout).not.toContain('I\u2019ll quickly check');
    expect(stderr).toContain('» I\u2019ll quickly check reliable, up-to-date sources');
  });
});
