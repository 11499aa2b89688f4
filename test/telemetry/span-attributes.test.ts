/** Attribute values from event fields: provider names of model ids, request settings, tool values as text. */
import { describe, expect, test } from 'vitest';
import { jsonText, modelAttributes, requestSettings } from '../../src/telemetry/span-attributes.ts';

describe('span attributes', () => {
  test.each([
    ['anthropic:claude-sonnet-4-5', { provider: 'anthropic', model: 'claude-sonnet-4-5' }],
    ['google:gemini-2.5-flash', { provider: 'gcp.gemini', model: 'gemini-2.5-flash' }],
    ['ollama:qwen3:4b', { provider: 'ollama', model: 'qwen3:4b' }],
    ['test', { provider: 'test', model: 'test' }],
    ['no provider', { provider: 'unknown', model: 'no provider' }],
  ])('model id %s → provider and request model', (id, expected) => {
    expect(modelAttributes(id)).toEqual(expected);
  });

  test('request settings become gen_ai.request.* attributes; other settings are left out', () => {
    expect(
      requestSettings({
        maxOutputTokens: 512,
        temperature: 0,
        topP: 0.9,
        topK: 40,
        seed: 7,
        stopSequences: ['END'],
        providerOptions: { x: { key: 'v' } },
        responseFormat: { type: 'json' },
      }),
    ).toEqual({
      'gen_ai.request.max_tokens': 512,
      'gen_ai.request.temperature': 0,
      'gen_ai.request.top_p': 0.9,
      'gen_ai.request.top_k': 40,
      'gen_ai.request.seed': 7,
      'gen_ai.request.stop_sequences': ['END'],
    });
  });

  test('tool values: strings as they are, the rest as JSON, never a throw', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(jsonText('plain')).toBe('plain');
    expect(jsonText({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(jsonText(undefined)).toBe('undefined');
    expect(jsonText(cyclic)).toBe('[object Object]');
  });
});
