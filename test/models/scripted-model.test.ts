import { generateText, jsonSchema, streamText, tool } from 'ai';
import { describe, expect, test } from 'vitest';
import { parseScript, scriptedModel } from '../../src/models/scripted-model.ts';

const asWorker = (worker: string) => ({ 'llm-do': { worker } });

describe('scripted model', () => {
  test('the first matching rule answers, by worker, turn and text (substring or /regex/)', async () => {
    const model = scriptedModel([
      { match: { worker: 'other' }, respond: { text: 'wrong worker' } },
      { match: { worker: 'main', text: '/^hel+o$/i' }, respond: { text: 'regex' } },
      { match: { turn: 1 }, respond: { text: 'turn one' } },
    ]);
    const ask = (prompt: string) => generateText({ model, prompt, providerOptions: asWorker('main') }).then((result) => result.text);
    expect(await ask('HELLO')).toBe('regex');
    expect(await ask('anything')).toBe('turn one');
  });

  test('tool calls stream and the next turn sees their results', async () => {
    const model = scriptedModel([
      { match: { turn: 1 }, respond: { tool_calls: [{ name: 'look', args: { at: 'sky' } }] } },
      { match: { turn: 2, text: 'blue' }, respond: { text: 'it is blue' } },
    ]);
    const look = tool({
      description: 'Looks.',
      inputSchema: jsonSchema<{ at: string }>({ type: 'object', properties: { at: { type: 'string' } } }),
      execute: async () => 'blue',
    });
    const { stepCountIs } = await import('ai');
    const result = streamText({ model, prompt: 'what colour?', tools: { look }, stopWhen: stepCountIs(3) });
    expect(await result.text).toBe('it is blue');
    expect((await result.steps)[0]!.toolCalls).toMatchObject([{ toolName: 'look', input: { at: 'sky' } }]);
  });

  test('json answers as JSON text; no matching rule is an error naming worker, turn and message', async () => {
    const model = scriptedModel([{ match: { worker: 'main' }, respond: { json: { score: 3 } } }], 'script.yaml');
    expect((await generateText({ model, prompt: 'rate', providerOptions: asWorker('main') })).text).toBe('{"score":3}');
    await expect(generateText({ model, prompt: 'rate it', providerOptions: asWorker('b') })).rejects.toThrow(
      'script.yaml: no rule matches the request of worker b, turn 1 (last message: "rate it")',
    );
  });

  test('a malformed script names the rule and field, and what is valid', () => {
    expect(() => parseScript([{ respond: {} }], 'f.yaml')).toThrow('f.yaml: rule 1, respond: give text, tool_calls or json');
    expect(() => parseScript([{ respond: { text: 'x' } }, { match: { turn: 'two' }, respond: { text: 'y' } }], 'f.yaml')).toThrow('f.yaml: rule 2, match.turn');
    expect(() => parseScript([{ match: { text: '/(/' }, respond: { text: 'x' } }], 'f.yaml')).toThrow('f.yaml: rule 1, match.text');
    expect(() => parseScript('nope', 'f.yaml')).toThrow('a script is a list of rules');
    expect(parseScript({ rules: [{ respond: { text: 'ok' } }] }, 'f.yaml')).toHaveLength(1);
  });
});
