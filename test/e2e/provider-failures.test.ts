/**
 * How the built CLI lives through a provider's bad day (docs/cli.md, "Retries and timeouts"): an
 * error event inside a 200 stream is retried like its HTTP twin, a stream that fails half-way is
 * restarted without repeating the answer and its usage is counted, a spent quota fails at once with
 * the provider's words, a wait longer than the cap fails at once saying what was asked, every wait
 * shows (under -q as one line), and a request that is not streamed cannot hang the run.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { tempDir, worker as workerFile, writeTree } from '../project/fixture.ts';
import { runCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const project = (model: string) =>
  writeTree({ 'main.worker': workerFile('main', `model: ${model}`, 'You are worker main. {{ input }}') }, tempDir('llm-do-e2e-fail-'));
/** No real backoff: a retry the provider gives no wait for goes at once. */
const NO_WAIT = { LLM_DO_MAX_RETRY_WAIT: '0' };

describe.concurrent('provider failures through the CLI', { timeout: 60_000 }, () => {
  test('an overloaded_error as the first event of a 200 stream is retried like an HTTP 529, and the wait is shown', async () => {
    const { server, env } = await scripted((_request, index) =>
      index === 0 ? { streamError: { type: 'overloaded_error', message: 'Overloaded' } } : { text: 'Tides rise twice a day.' },
    );
    const result = await runCli([project('anthropic:claude-sonnet-4-5'), 'tides?'], {
      env: { ...env, ...NO_WAIT, LLM_DO_HOME: tempDir('llm-do-e2e-failhome-') },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('Tides rise twice a day.\n');
    expect(result.stderr).toContain('! overloaded_error from anthropic (claude-sonnet-4-5), retry 1/3 in 0.0 s');
    expect(result.stderr).not.toContain('HTTP 529');
    expect(server.requests).toHaveLength(2);
  });

  test('a stream that fails half-way restarts the step: the answer once, the restart said, both attempts counted', async () => {
    const { env } = await scripted((_request, index) =>
      index === 0
        ? { text: 'Tides rise', usage: { input: 100, output: 10 }, streamError: { type: 'overloaded_error', message: 'Overloaded', afterEvents: 3 } }
        : { text: 'Tides rise twice a day.', usage: { input: 100, output: 8 } },
    );
    const home = tempDir('llm-do-e2e-failhome-');
    const root = project('anthropic:claude-sonnet-4-5');
    const result = await runCli([root, 'tides?', '--json'], { env: { ...env, ...NO_WAIT, LLM_DO_HOME: home } });
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ status: 'ok', output: 'Tides rise twice a day.' });
    // Anthropic bills the input of the failed attempt, which it reported at its start.
    expect(json.usage.input_tokens).toBe(200);
    expect(result.stderr).toContain(
      '! overloaded_error from anthropic (claude-sonnet-4-5) mid-answer: the text so far is discarded; restarting the step, retry 1/3',
    );

    const shown = await runCli(['runs', 'show', 'last', '--json'], { env: { LLM_DO_HOME: home } });
    const request = JSON.parse(shown.stdout).run.root.requests[0];
    expect(request).toMatchObject({ text: 'Tides rise twice a day.', input_tokens: 200 });
  });

  test('stdout gets the answer once when the step restarts', async () => {
    const { env } = await scripted((_request, index) =>
      index === 0
        ? { text: 'Tides rise', streamError: { type: 'overloaded_error', message: 'Overloaded', afterEvents: 3 } }
        : { text: 'Tides rise twice a day.' },
    );
    const piped = await runCli([project('anthropic:claude-sonnet-4-5'), 'tides?'], {
      env: { ...env, ...NO_WAIT, LLM_DO_HOME: tempDir('llm-do-e2e-failhome-') },
    });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe('Tides rise twice a day.\n');
  });

  test('a spent quota reported inside a 200 stream fails at once, in the provider words, not as HTTP 429', async () => {
    const message = 'You exceeded your current quota, please check your plan and billing details.';
    const { server, env } = await scripted(() => ({ streamError: { type: 'insufficient_quota', message } }));
    const result = await runCli([project('openai:gpt-5'), 'hi', '-q'], { env: { ...env, LLM_DO_HOME: tempDir('llm-do-e2e-failhome-') } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`llm-do: model openai:gpt-5 failed for worker main: insufficient_quota: ${message}\n`);
    expect(server.requests).toHaveLength(1);
  });

  test('a 429 asking for 10 minutes fails at once, saying what the provider asked (not a silent 90 s under -q)', async () => {
    const { server, env } = await scripted(() => ({
      status: 429,
      errorMessage: 'Number of requests has exceeded your rate limit',
      headers: { 'retry-after': '600' },
    }));
    const result = await runCli([project('anthropic:claude-sonnet-4-5'), 'hi', '-q'], { env: { ...env, LLM_DO_HOME: tempDir('llm-do-e2e-failhome-') } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'llm-do: model anthropic:claude-sonnet-4-5 failed for worker main: HTTP 429: Number of requests has exceeded your rate limit; the provider asked to retry in 10 min (retry-after), longer than the longest wait, 1 min (LLM_DO_MAX_RETRY_WAIT)\n',
    );
    expect(result.durationMs).toBeLessThan(10_000);
    expect(server.requests).toHaveLength(1);
  });

  test('under -q every wait is one line; LLM_DO_MAX_RETRY_WAIT lets a longer wait through', async () => {
    const { env } = await scripted((_request, index) => (index === 0 ? { status: 429, headers: { 'retry-after': '0' } } : { text: 'ok' }));
    const result = await runCli([project('anthropic:claude-sonnet-4-5'), 'hi', '-q'], {
      env: { ...env, LLM_DO_HOME: tempDir('llm-do-e2e-failhome-'), LLM_DO_MAX_RETRY_WAIT: '900' },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('llm-do: 429 from anthropic (claude-sonnet-4-5), retry 1/3 in 0.0 s, as retry-after asked\n');
  });

  test('with --no-stream a provider that never answers fails after request_timeout, retried, instead of hanging', async () => {
    const { server, env } = await scripted(() => ({ delayMs: 60_000, text: 'too late' }));
    const result = await runCli([project('anthropic:claude-sonnet-4-5'), 'hi', '--no-stream', '-q'], {
      env: { ...env, ...NO_WAIT, LLM_DO_REQUEST_TIMEOUT: '0.2', LLM_DO_HOME: tempDir('llm-do-e2e-failhome-') },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'llm-do: model anthropic:claude-sonnet-4-5 failed for worker main: the model sent no answer within 0.2 s (request_timeout)',
    );
    expect(server.requests).toHaveLength(4);
  });

  test('a malformed limit is a configuration error naming the variable', async () => {
    const result = await runCli([project('anthropic:claude-sonnet-4-5'), 'hi'], {
      env: { ANTHROPIC_API_KEY: 'k', LLM_DO_MAX_RETRY_WAIT: 'soon', LLM_DO_HOME: tempDir('llm-do-e2e-failhome-') },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('LLM_DO_MAX_RETRY_WAIT must be a number of seconds 0 or more (e.g. 60), got "soon"');
  });
});
