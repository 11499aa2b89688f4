/**
 * Structured input and output through the built CLI (docs/worker-format.md): `schema_out` answers print as pretty
 * JSON, an invalid answer is repaired once, twice invalid fails the run; `--input` is validated
 * against `schema_in` before any request and its fields become template variables.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from './helpers/run-cli.ts';
import { CHAT, closeServers, FIXTURE, PROTOCOLS, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const VALID = { title: 'Tides', score: 7 };

describe.concurrent('schema_out', () => {
  for (const protocol of PROTOCOLS) {
    for (const streaming of [true, false]) {
      test(`${protocol.name}, ${streaming ? 'streaming' : '--no-stream'}: stdout is the pretty JSON of the answer`, async () => {
        const { server, env } = await scripted(() => ({ json: VALID }));
        const args = [FIXTURE, 'tides', '--entry', 'report', '--model', protocol.model, ...(streaming ? [] : ['--no-stream'])];
        const result = await runCli(args, { env });

        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toBe(`${JSON.stringify(VALID, null, 2)}\n`);
        // The schema travels as the provider's structured-output format.
        expect(JSON.stringify(server.requests[0]!.responseFormat)).toContain('"score"');
      });
    }

    test(`${protocol.name}: an invalid first answer is sent back with the errors and repaired`, async () => {
      const { server, env } = await scripted((_request, index) => ({ json: index === 0 ? { title: 'Tides', score: -1 } : VALID }));
      const result = await runCli([FIXTURE, 'tides', '--entry', 'report', '--model', protocol.model, '--no-stream'], { env });

      expect(result.code, result.stderr).toBe(0);
      expect(server.requests).toHaveLength(2);
      const repair = server.requests[1]!.lastUserText;
      expect(repair).toContain('does not match the required JSON schema');
      expect(repair).toContain('score');
      expect(JSON.parse(result.stdout)).toEqual(VALID);
    });
  }

  test('two invalid answers fail the run (exit 1) naming the worker', async () => {
    const { server, env } = await scripted(() => ({ json: { title: 'Tides' } }));
    const result = await runCli([FIXTURE, 'tides', '--entry', 'report', '--model', CHAT.model, '--no-stream'], { env });

    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('llm-do: worker report answered with invalid JSON twice');
    expect(result.stderr).toContain('score');
  });

  test('an answer that is not JSON at all is repaired the same way', async () => {
    const { server, env } = await scripted((_request, index) =>
      index === 0 ? { text: 'Tides are great, 7/10.' } : { text: '```json\n{"title": "Tides", "score": 7}\n```' },
    );
    const result = await runCli([FIXTURE, 'tides', '--entry', 'report', '--model', CHAT.model, '--no-stream'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests[1]!.lastUserText).toContain('the answer is not JSON');
    expect(JSON.parse(result.stdout)).toEqual(VALID);
  });

  test('--json carries the structured output as a JSON value, not a string', async () => {
    const { env } = await scripted(() => ({ json: VALID }));
    const result = await runCli([FIXTURE, 'tides', '--entry', 'report', '--model', CHAT.model, '--json'], { env });

    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({ worker: 'report', status: 'ok', output: VALID });
  });
});

describe.concurrent('schema_in', () => {
  test('--input fields become template variables of the instructions', async () => {
    const { server, env } = await scripted(() => ({ text: 'Hello Ada! Hello Ada!' }));
    const result = await runCli([FIXTURE, '--entry', 'greet', '--input', '{"name": "Ada", "times": 2}', '--model', CHAT.model], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('Hello Ada! Hello Ada!\n');
    expect(server.requests[0]!.system.trimEnd()).toBe('You are worker greet. Greet Ada exactly 2 times.');
    expect(JSON.parse(server.requests[0]!.lastUserText)).toEqual({ name: 'Ada', times: 2 });
  });

  test('an invalid --input is exit 2, lists each failing field, and sends nothing', async () => {
    const { server, env } = await scripted(() => ({ text: 'unreachable' }));
    const result = await runCli([FIXTURE, '--entry', 'greet', '--input', '{"name": "", "times": "two", "extra": 1}', '--model', CHAT.model], { env });

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(server.requests).toHaveLength(0);
    const message = result.stderr;
    expect(message).toContain('input for worker greet does not match its schema_in');
    expect(message).toMatch(/name/);
    expect(message).toMatch(/times/);
    expect(message).toMatch(/extra/);
    expect(message).not.toMatch(/\n\s+at /);
  });

  test('text input to a schema_in worker is exit 2 asking for --input JSON', async () => {
    const { server, env } = await scripted(() => ({ text: 'unreachable' }));
    const result = await runCli([FIXTURE, 'Ada', '--entry', 'greet', '--model', CHAT.model], { env });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain("declares schema_in, so its input must be JSON (pass --input '{...}')");
    expect(server.requests).toHaveLength(0);
  });

  test('--input that is not JSON is a usage error', async () => {
    const { server, env } = await scripted(() => ({ text: 'unreachable' }));
    const result = await runCli([FIXTURE, '--entry', 'greet', '--input', '{name: Ada', '--model', CHAT.model], { env });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--input is not valid JSON');
    expect(server.requests).toHaveLength(0);
  });
});
