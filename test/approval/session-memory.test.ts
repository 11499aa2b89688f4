import { describe, expect, it } from 'vitest';
import { canonicalJson, createSessionMemory, sessionMemoryFromJSON } from '../../src/approval/session-memory.ts';

/** A filesystem tool's key. */
const fs = (tool: string) => ({ toolset: 'filesystem', tool });

describe('session memory', () => {
  it('survives a JSON round-trip: what was approved stays approved, nothing more', () => {
    const memory = createSessionMemory();
    memory.approveCall(fs('write_file'), { path: '/a.md', content: 'x' });
    memory.approveTool({ toolset: 'shell', tool: 'shell' });
    const restored = sessionMemoryFromJSON(JSON.parse(JSON.stringify(memory)), 'state.json');

    expect(restored.toJSON()).toEqual(memory.toJSON());
    expect(restored.isApproved(fs('write_file'), { content: 'x', path: '/a.md' })).toBe(true);
    expect(restored.isApproved(fs('write_file'), { path: '/b.md', content: 'x' })).toBe(false);
    expect(restored.isApproved({ toolset: 'shell', tool: 'shell' }, { command: 'ls' })).toBe(true);
    expect(restored.isApproved(fs('shell'), { command: 'ls' })).toBe(false);
  });

  it('refuses a saved memory of another shape, naming where it came from and the field', () => {
    expect(() => sessionMemoryFromJSON({ calls: [], tools: ['shell'] }, 'state.json')).toThrow(
      'state.json: session.tools must be a list of approval keys as saved by llm-do (JSON arrays of 2 items)',
    );
    expect(() => sessionMemoryFromJSON({ calls: '["a","b","c"]', tools: [] }, 'state.json')).toThrow('state.json: session.calls must be');
    expect(() => sessionMemoryFromJSON(null, 'state.json')).toThrow('state.json: session.calls must be');
  });

  it('remembers an exact call regardless of key order, and nothing else', () => {
    const memory = createSessionMemory();
    memory.approveCall(fs('write_file'), { path: '/a.md', content: 'x', meta: { b: 1, a: [2, { y: 1, x: 2 }] } });
    expect(memory.isApproved(fs('write_file'), { meta: { a: [2, { x: 2, y: 1 }], b: 1 }, content: 'x', path: '/a.md' })).toBe(true);
    expect(memory.isApproved(fs('write_file'), { path: '/b.md', content: 'x' })).toBe(false);
    expect(memory.isApproved(fs('delete_file'), { path: '/a.md', content: 'x', meta: { b: 1, a: [2, { y: 1, x: 2 }] } })).toBe(false);
  });

  it('remembers a tool with any arguments', () => {
    const memory = createSessionMemory();
    memory.approveTool(fs('shell'));
    expect(memory.isApproved(fs('shell'), { command: 'ls' })).toBe(true);
    expect(memory.isApproved(fs('shell'), { command: 'git status' })).toBe(true);
    expect(memory.isApproved(fs('shells'), { command: 'ls' })).toBe(false);
  });

  it('does not confuse a tool name with arguments that look like it', () => {
    const memory = createSessionMemory();
    memory.approveCall(fs('a'), 'b');
    expect(memory.isApproved(fs('a"'), 'b')).toBe(false);
  });

  it('keys approvals by toolset and tool: a same-named tool of another toolset is not covered', () => {
    const memory = createSessionMemory();
    memory.approveTool({ toolset: 'filesystem', tool: 'read_file' });
    memory.approveCall({ toolset: 'filesystem', tool: 'write_file' }, { path: '/a' });
    expect(memory.isApproved({ toolset: 'custom', tool: 'read_file' }, { path: '/etc' })).toBe(false);
    expect(memory.isApproved({ toolset: 'custom', tool: 'write_file' }, { path: '/a' })).toBe(false);
    expect(memory.isApproved({ toolset: 'filesystem', tool: 'read_file' }, { path: '/etc' })).toBe(true);
  });

  it('cannot be tricked by separators inside toolset or tool names', () => {
    const memory = createSessionMemory();
    memory.approveTool({ toolset: 'a', tool: 'b\u0000c' });
    expect(memory.isApproved({ toolset: 'a\u0000b', tool: 'c' }, {})).toBe(false);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: [3, 1], a: { d: 1, c: 2 } })).toBe('{"a":{"c":2,"d":1},"b":[3,1]}');
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it('keeps a __proto__ key as data and survives cycles and bigints', () => {
    const hostile = JSON.parse('{"__proto__": {"x": 1}, "a": 1}') as unknown;
    expect(canonicalJson(hostile)).toBe('{"__proto__":{"x":1},"a":1}');
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(canonicalJson(cyclic)).toBe('{"a":1,"self":"[cycle]"}');
    expect(canonicalJson({ n: 10n })).toBe('{"n":"10n"}');
    expect(canonicalJson(undefined)).toBe('undefined');
  });
});
