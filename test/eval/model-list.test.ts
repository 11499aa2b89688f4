import { describe, expect, test } from 'vitest';
import { parseModelList } from '../../src/eval/model-list.ts';

const config = { aliases: { fast: 'anthropic:claude-haiku-4-5' }, providers: {} };

describe('parseModelList', () => {
  test('ids and aliases, each optionally labelled; an unlabelled one is its own label; a scripted file is made absolute', () => {
    expect(parseModelList('cheap=openai:gpt-5-mini, fast ,s=scripted:a.yaml', config, '/work')).toEqual([
      { label: 'cheap', model: 'openai:gpt-5-mini' },
      { label: 'fast', model: 'anthropic:claude-haiku-4-5' },
      { label: 's', model: 'scripted:/work/a.yaml' },
    ]);
  });

  test.each([
    ['', /at least one model/],
    ['nope:x', /--models: unknown model provider "nope"/],
    ['fastt', /--models: .*fastt/],
    ['a=openai:gpt-5-mini,a=anthropic:claude-haiku-4-5', /the label "a" is given twice/],
    ['=openai:gpt-5-mini', /needs a label and a model/],
  ])('%j is refused, saying why', (list, message) => {
    expect(() => parseModelList(list, config, '/work')).toThrow(message);
  });
});
