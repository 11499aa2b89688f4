/**
 * The context policy as planned (docs/worker-format.md, "context"): the budget's source, its defaults,
 * and the contradictory or unusable `context:` fields `check` and every run refuse alike.
 */
import { describe, expect, it } from 'vitest';
import { planWorker } from '../../src/project/worker-plan.ts';
import { open, worker, writeTree } from './fixture.ts';

async function planOf(fields: string, manifest = 'name: ctx\nmodel: test\n') {
  const project = await open(writeTree({ 'project.yaml': manifest, 'main.worker': worker('main', fields) }));
  return planWorker(project, await project.resolveWorker('main'), { env: {} });
}

describe('context policy', () => {
  it('takes the model table context_window as the budget, clearing tool results by default', async () => {
    const { plan, problems } = await planOf('model: anthropic:claude-sonnet-4-5');
    expect(problems).toEqual([]);
    expect(plan.context).toEqual({
      maxTokens: 200000,
      budgetSource: 'the context_window of anthropic:claude-sonnet-4-5 (200000)',
      onOverflow: 'clear_tool_results',
      keep: 3,
      lowWaterTokens: 120000,
      summaryModel: undefined,
    });
  });

  it('has no budget for a model of unknown window, unless the worker sets one', async () => {
    expect((await planOf('')).plan.context).toBeUndefined();
    expect((await planOf('max_context_tokens: 900')).plan.context).toMatchObject({ maxTokens: 900, budgetSource: 'max_context_tokens (900)' });
    const { plan } = await planOf('context:\n  max_tokens: 1000\n  on_overflow: stop\n  low_water: 0.5\n  keep: 0');
    expect(plan.context).toMatchObject({ maxTokens: 1000, onOverflow: 'stop', lowWaterTokens: 500, keep: 0 });
  });

  it('takes a context_window from prices: in project.yaml over the bundled one', async () => {
    const manifest = 'name: ctx\nmodel: ollama:llama3\nprices:\n  "ollama:llama3": { input: 0, output: 0, context_window: 8192 }\n';
    expect((await planOf('', manifest)).plan.context).toMatchObject({ maxTokens: 8192 });
  });

  it('warns of a budget above the model window', async () => {
    const { plan, problems, warnings } = await planOf('model: openai:gpt-4o\ncontext:\n  max_tokens: 200000');
    expect(problems).toEqual([]);
    expect(plan.context?.maxTokens).toBe(200000);
    expect(warnings.map((warning) => warning.message)).toEqual([
      'main.worker: context.max_tokens (200000) of worker main is above the context window of openai:gpt-4o (128000 tokens): the provider may refuse a request before it is compacted',
    ]);
  });

  it('resolves the summary model through the aliases', async () => {
    const manifest = 'name: ctx\nmodel: test\nmodels:\n  cheap: anthropic:claude-haiku-4-5\n';
    const { plan, problems } = await planOf('context:\n  max_tokens: 1000\n  on_overflow: summarize\n  summary_model: cheap', manifest);
    expect(problems).toEqual([]);
    expect(plan.context?.summaryModel).toBe('anthropic:claude-haiku-4-5');
  });

  it.each([
    ['max_context_tokens: 900\ncontext:\n  max_tokens: 1000', 'context.max_tokens', 'max_context_tokens is an alias of context.max_tokens: keep one'],
    ['context:\n  summary_model: test', 'context.summary_model', 'summary_model is used only by on_overflow: summarize'],
    [
      'context:\n  on_overflow: summarize\n  summary_model: nosuch:model',
      'context.summary_model',
      'unknown model provider "nosuch" in nosuch:model (context.summary_model of worker main)',
    ],
  ])('refuses %j naming the field', async (fields, field, message) => {
    const { problems } = await planOf(fields);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.location?.field).toBe(field);
    expect(problems[0]!.message).toContain(message);
  });

  it.each([
    ['context:\n  on_overflow: shrink', 'on_overflow'],
    ['context:\n  low_water: 1.5', 'low_water is a fraction of max_tokens'],
    ['context:\n  max_tokens: 0', 'max_tokens'],
    ['context:\n  budget: 10', 'budget'],
  ])('refuses the worker file with %j', async (fields, message) => {
    await expect(planOf(fields)).rejects.toThrow(message);
  });
});
