/**
 * Reading a saved state (docs/durable-runs.md, "Saved states and llm-do versions"): the version
 * history, the migration of an older version, the refusal of a newer one naming the versions, and a
 * damaged state refused naming its field.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { UsageError } from '../../src/errors.ts';
import { migrateSavedState, parseRunSnapshot, STATE_VERSION, stateReader, SUPPORTED_STATE_VERSIONS } from '../../src/runtime/saved-state.ts';
import { fixtureVersions, savedStateFixture } from '../helpers/saved-state-fixtures.ts';

const current = () => JSON.parse(savedStateFixture(STATE_VERSION, 'paused-approvals').text);

describe('the saved state', () => {
  test('this llm-do reads every version it has fixtures of, and writes the last of its history', () => {
    expect(SUPPORTED_STATE_VERSIONS.at(-1)).toBe(STATE_VERSION);
    expect(fixtureVersions()).toEqual(SUPPORTED_STATE_VERSIONS);
  });

  test.each(['paused-approvals', 'crashed-mid-tool-call', 'paused-question', 'paused-in-created-worker', 'chat-turn'])(
    'a state of the current version is read as it was written, nothing dropped (%s)',
    (name) => {
      const saved = JSON.parse(savedStateFixture(STATE_VERSION, name).text);
      expect(migrateSavedState(structuredClone(saved))).toEqual(saved);
    },
  );

  test('a tool call saved without arguments (one the model step refused) is read', () => {
    const state = current();
    delete state.root.tool_calls[1].args;
    expect(migrateSavedState(state).root!.tool_calls[1]!.args).toBeUndefined();
  });

  test('a state from a newer llm-do is refused, naming its version and the ones this llm-do reads', () => {
    expect(() => migrateSavedState({ ...current(), state_version: STATE_VERSION + 1 }, 'the state file s.json')).toThrow(
      `the state file s.json is from a newer llm-do (state_version ${STATE_VERSION + 1}; this one reads state_versions 1 to ${STATE_VERSION})`,
    );
  });

  test.each([
    ['no state_version', (state: any) => delete state.state_version, 'state_version: not a whole number'],
    ['a tool call status no llm-do writes', (state: any) => (state.root.tool_calls[0].status = 'maybe'), 'root.tool_calls.0.status'],
    ['a nested call without its chain', (state: any) => delete state.root.tool_calls[0].children[0].chain, 'root.tool_calls.0.children.0.chain'],
    ['a message without a role', (state: any) => delete state.root.messages[0].role, 'root.messages.0.role'],
    ['usage without its cost', (state: any) => delete state.usage.cost_usd, 'usage.cost_usd'],
    ['an options.model that is not text', (state: any) => (state.options.model = 5), 'options.model'],
  ])('a damaged state (%s) is an input error naming the field', (_name, damage, field) => {
    const state = current();
    damage(state);
    let error: unknown;
    try {
      migrateSavedState(state, "run r1's saved state");
    } catch (caught) {
      error = caught;
    }
    expect(UsageError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(new RegExp(`^run r1's saved state is corrupt \\(${field.replaceAll('.', '\\.')}\\b.*\\); it cannot be resumed$`));
  });

  test('text that is not JSON, or the state of another run, is refused', () => {
    expect(() => parseRunSnapshot('{"state_version": 1', 'the state file s.json')).toThrow('the state file s.json is corrupt (not JSON');
    const text = JSON.stringify(current());
    expect(() => parseRunSnapshot(text, "run r1's saved state", 'r1')).toThrow(/run r1's saved state is corrupt \(it names another run, .+\)/);
  });
});

describe('a version history', () => {
  // Two versions: 2 renamed 1's `n` to `count`, and 3 added `unit`.
  const read = stateReader<{ state_version: 3; count: number; unit: string }>([
    { version: 1, schema: z.object({ state_version: z.literal(1), n: z.number() }) },
    {
      version: 2,
      schema: z.object({ state_version: z.literal(2), count: z.number() }),
      upgrade: (previous: { n: number }) => ({ state_version: 2, count: previous.n }),
    },
    {
      version: 3,
      schema: z.object({ state_version: z.literal(3), count: z.number(), unit: z.string() }),
      upgrade: (previous: { count: number }) => ({ state_version: 3, count: previous.count, unit: 'steps' }),
    },
  ]);

  test('a state of each older version is migrated, step by step, to the last', () => {
    expect(read({ state_version: 1, n: 4 })).toEqual({ state_version: 3, count: 4, unit: 'steps' });
    expect(read({ state_version: 2, count: 5 })).toEqual({ state_version: 3, count: 5, unit: 'steps' });
    expect(read({ state_version: 3, count: 6, unit: 'calls' })).toEqual({ state_version: 3, count: 6, unit: 'calls' });
  });

  test('an older state is checked against its own version, naming the field', () => {
    expect(() => read({ state_version: 1, count: 4 })).toThrow('the saved state is corrupt (n: ');
  });

  test('a version outside the history is refused, naming the versions read', () => {
    expect(() => read({ state_version: 4 })).toThrow('the saved state is from a newer llm-do (state_version 4; this one reads state_versions 1 to 3)');
    expect(() => read({ state_version: 0 })).toThrow(
      'the saved state is from an older llm-do (state_version 0; this one reads state_versions 1 to 3); it cannot be resumed',
    );
  });
});
