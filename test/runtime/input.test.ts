/** A worker's input through `runWorker`: text, JSON without a schema, and `schema_in` validation. */
import { describe, expect, test } from 'vitest';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel, systemOf } from './helpers.ts';

/** The text of the last user message of a prompt. */
function userText(prompt: LanguageModelV4Prompt): string {
  const user = prompt.findLast((message) => message.role === 'user')!;
  return user.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

const SCHEMA = '{"type":"object","properties":{"topic":{"type":"string"},"depth":{"type":"integer","minimum":1}},"required":["topic","depth"]}';

const files = {
  'project.yaml': 'name: inputs\nmodel: test\n',
  'main.worker': worker('main', '', 'Input: {{ input }}. Worker {{ worker.id }} of {{ project.name }}.'),
  'workers/study.worker': worker('study', 'schema_in: schemas/study.json', 'Study {{ topic }} to depth {{ depth }} ({{ input.topic }}).'),
  'schemas/study.json': SCHEMA,
};

describe('worker input', () => {
  test('text input is the user message and the `input` template variable', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    const { result } = await run({ project: loaded, input: 'tides', models: registryOf(model) });

    expect(result.status).toBe('ok');
    expect(userText(calls[0]!.prompt)).toBe('tides');
    expect(systemOf(calls[0]!.prompt).trimEnd()).toBe('Input: tides. Worker main of inputs.');
  });

  test('empty input reaches the model as a placeholder, never an empty message', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    await run({ project: loaded, input: '', models: registryOf(model) });

    expect(userText(calls[0]!.prompt)).toBe('(no input)');
  });

  test('an object given to a worker without schema_in is passed on as JSON text', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    await run({ project: loaded, input: { topic: 'tides' }, models: registryOf(model) });

    expect(JSON.parse(userText(calls[0]!.prompt))).toEqual({ topic: 'tides' });
  });

  test('schema_in fields become template variables; the message is the JSON', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    const { result } = await run({ project: loaded, entry: 'study', input: { topic: 'tides', depth: 2 }, models: registryOf(model) });

    expect(result.status).toBe('ok');
    expect(systemOf(calls[0]!.prompt).trimEnd()).toBe('Study tides to depth 2 (tides).');
    expect(JSON.parse(userText(calls[0]!.prompt))).toEqual({ topic: 'tides', depth: 2 });
  });

  test('text that is JSON is accepted for a schema_in worker', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    const { result } = await run({ project: loaded, entry: 'study', input: '{"topic": "waves", "depth": 1}', models: registryOf(model) });

    expect(result.status).toBe('ok');
    expect(systemOf(calls[0]!.prompt)).toContain('Study waves to depth 1');
  });

  test('an invalid input lists every failing field and no request is made', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'unreachable' }));
    const { result } = await run({ project: loaded, entry: 'study', input: { topic: 3, depth: 0 }, models: registryOf(model) });

    expect(result.status).toBe('error');
    expect(result.error!.name).toBe('ProjectError');
    const message = result.error!.message;
    expect(message).toMatch(/^input for worker study does not match its schema_in \(--input\): /);
    expect(message).toContain('topic:');
    expect(message).toContain('depth:');
    expect(calls).toHaveLength(0);
  });

  test('plain text for a schema_in worker is refused, asking for JSON', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'unreachable' }));
    const { result } = await run({ project: loaded, entry: 'study', input: 'tides please', models: registryOf(model) });

    expect(result.error!.message).toBe("workers/study.worker: worker study declares schema_in, so its input must be JSON (pass --input '{...}'); got text");
    expect(calls).toHaveLength(0);
  });

  test("a delegated call with arguments that break the callee's schema_in is an error result for the caller", async () => {
    const { project: loaded } = await project({
      ...files,
      'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [study]'),
    });
    const { model, calls } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'study') return { text: 'studied' };
      return toolResults.length === 0 ? { toolCalls: [{ name: 'study', args: { topic: 'tides' } }] } : { text: `main: ${toolResults[0]}` };
    });
    const { result } = await run({ project: loaded, models: registryOf(model) });

    expect(result.status).toBe('ok');
    // The callee's schema_in is the tool's input schema, so the call is refused before study runs.
    expect(calls.map((call) => call.worker)).toEqual(['main', 'main']);
    expect(result.output).toContain('depth');
  });
});
