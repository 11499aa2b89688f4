/** `--set KEY=VALUE`: parsing, and overrides of the entry worker validated like the worker file. */
import { describe, expect, test } from 'vitest';
import { parseOverride } from '../../src/runtime/overrides.ts';
import { catchError } from '../helpers/catch-error.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

describe('parseOverride', () => {
  test('values are YAML', () => {
    expect(parseOverride('attachment_policy.max_attachments=5')).toEqual({ path: 'attachment_policy.max_attachments', value: 5 });
    expect(parseOverride('sandbox.readonly=true')).toEqual({ path: 'sandbox.readonly', value: true });
    expect(parseOverride('attachment_policy.allowed_suffixes=[.pdf, .png]')).toEqual({ path: 'attachment_policy.allowed_suffixes', value: ['.pdf', '.png'] });
    expect(parseOverride('description=a = b')).toEqual({ path: 'description', value: 'a = b' });
    expect(parseOverride('description=')).toEqual({ path: 'description', value: '' });
    expect(parseOverride('model=anthropic:claude-sonnet-4-5')).toEqual({ path: 'model', value: 'anthropic:claude-sonnet-4-5' });
  });

  test('a malformed KEY=VALUE is a usage error showing an example', () => {
    for (const bad of ['max_steps', '=5', '.x=1', 'a..b=1', 'a b=1']) {
      const error = catchError(() => parseOverride(bad)) as Error;
      expect(error.name).toBe('UsageError');
      expect(error.message).toBe(`--set expects KEY=VALUE with a dotted field path, e.g. --set attachment_policy.max_attachments=5; got "${bad}"`);
    }
  });
});

describe('--set on a run', () => {
  const files = { 'main.worker': worker('main', 'model: test\nmax_steps: 5\ntoolsets:\n  filesystem: {}') };
  const loops = () => scriptedModel(() => ({ toolCalls: [{ name: 'list_files', args: {} }] }));

  test('a valid override changes the entry worker for this run only', async () => {
    const { project: loaded } = await project(files);
    const first = loops();
    const overridden = await run({ project: loaded, set: [parseOverride('max_steps=2')], models: registryOf(first.model) });
    expect(overridden.result.error!.message).toBe('worker main reached max_steps (2) without a final answer');
    expect(first.calls).toHaveLength(2);

    const second = loops();
    const plain = await run({ project: loaded, models: registryOf(second.model) });
    expect(plain.result.error!.message).toBe('worker main reached max_steps (5) without a final answer');
  });

  test('the last override of a field wins', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = loops();
    const { result } = await run({
      project: loaded,
      set: [parseOverride('max_steps=9'), parseOverride('max_steps=1')],
      models: registryOf(model),
    });

    expect(result.error!.message).toBe('worker main reached max_steps (1) without a final answer');
    expect(calls).toHaveLength(1);
  });

  test('a dotted path reaches into nested fields', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    const { result } = await run({ project: loaded, set: [parseOverride('toolsets.filesystem=false')], models: registryOf(model) });

    expect(result.status).toBe('ok');
    expect(calls[0]!.tools).toEqual([]);
  });

  test('an override that makes the worker invalid is a project error naming the field, before any request', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'unreachable' }));
    const { result } = await run({ project: loaded, set: [parseOverride('max_steps=-1')], models: registryOf(model) });

    expect(result.status).toBe('error');
    expect(result.error!.name).toBe('ProjectError');
    expect(result.error!.message).toBe('--set made worker main invalid: max_steps must be greater than 0');
    expect(calls).toHaveLength(0);
  });

  test('an unknown field is refused with the nearest valid key', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'unreachable' }));
    const { result } = await run({ project: loaded, set: [parseOverride('modle=test')], models: registryOf(model) });

    expect(result.error!.message).toBe('--set made worker main invalid: unknown key "modle" (did you mean "model"?)');
    expect(calls).toHaveLength(0);
  });
});
