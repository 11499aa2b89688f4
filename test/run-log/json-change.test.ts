/**
 * A JSON object kept as its change from another (`src/run-log/json-change.ts`): how a chat turn's
 * state is stored against the turn before's.
 */
import { describe, expect, test } from 'vitest';
import { applyJsonChange, jsonChange } from '../../src/run-log/json-change.ts';

const roundTrip = (from: Record<string, unknown>, to: Record<string, unknown>) => {
  const change = JSON.parse(JSON.stringify(jsonChange(from, to)));
  return { change, applied: applyJsonChange(from, change) };
};

describe('jsonChange', () => {
  test('keeps only what differs, nested where both sides are objects, and applying it gives the new object', () => {
    const from = { run_id: 'r1', usage: { input_tokens: 20, by_worker: { main: { input_tokens: 20, cost_usd: null } } }, options: { set: [1, 2] }, same: 'x' };
    const to = { run_id: 'r2', usage: { input_tokens: 40, by_worker: { main: { input_tokens: 40, cost_usd: null } } }, options: { set: [1, 2] }, same: 'x' };
    const { change, applied } = roundTrip(from, to);
    expect(change).toEqual({ set: { run_id: 'r2', usage: { input_tokens: 40, by_worker: { main: { input_tokens: 40 } } } } });
    expect(applied).toEqual(to);
  });

  test('members removed, set to null, turned from objects into other values and arrays changed are all kept', () => {
    const from = { a: { b: 1, c: 2 }, gone: { deep: true }, list: [{ x: 1 }], value: 3, nested: { drop: 1, keep: 2 } };
    const to = { a: 'text', list: [{ x: 2 }], value: null, nested: { keep: 2 }, added: { y: 1 } };
    const { change, applied } = roundTrip(from, to);
    expect(change.unset).toEqual([['nested', 'drop'], ['gone']]);
    expect(applied).toEqual(to);
    expect(Object.keys(applied)).toEqual(['a', 'list', 'value', 'nested', 'added']);
  });

  test('a member named __proto__ stays a member, and the base is not modified', () => {
    const from = JSON.parse('{"options":{"__proto__":{"polluted":false}},"keep":{"a":1}}');
    const to = JSON.parse('{"options":{"__proto__":{"polluted":true}}}');
    const { applied } = roundTrip(from, to);
    expect(JSON.stringify(applied)).toBe('{"options":{"__proto__":{"polluted":true}}}');
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(from.keep).toEqual({ a: 1 });
    expect(JSON.stringify(from.options)).toBe('{"__proto__":{"polluted":false}}');
  });
});
