/**
 * What a person approved "for the session" (docs/tools.md, docs/security.md): one exact call (toolset + tool +
 * arguments) or one tool of one toolset with any arguments. One memory serves a whole run,
 * sub-workers included; it is saved only as part of the run's state (`toJSON`), to be resumed.
 */

/**
 * Which tool an approval is about. The toolset is part of it: a custom `read_file` (or an MCP tool
 * of the same name) must not ride on a "t" answer given for the filesystem's `read_file`.
 */
export interface ToolKey {
  toolset: string;
  tool: string;
}

/** Session approvals of one run. */
export interface SessionMemory {
  /** Remembers this tool with exactly these arguments (`s`). */
  approveCall(key: ToolKey, args: unknown): void;
  /** Remembers this tool with any arguments (`t`). */
  approveTool(key: ToolKey): void;
  /** True when an earlier `s` or `t` answer covers this call. */
  isApproved(key: ToolKey, args: unknown): boolean;
  /** What it remembers, as plain data (a run's saved state holds it). */
  toJSON(): SavedSessionMemory;
}

/** A session memory as data: the keys of the approved calls and tools, in the order given. */
export interface SavedSessionMemory {
  calls: string[];
  tools: string[];
}

/** Creates a session memory, empty or holding what `saved` remembered. */
export function createSessionMemory(saved?: SavedSessionMemory): SessionMemory {
  const calls = new Set<string>(saved?.calls);
  const tools = new Set<string>(saved?.tools);
  return {
    approveCall(key, args) {
      calls.add(callKey(key, args));
    },
    approveTool(key) {
      tools.add(toolKey(key));
    },
    isApproved(key, args) {
      return tools.has(toolKey(key)) || calls.has(callKey(key, args));
    },
    toJSON: () => ({ calls: [...calls], tools: [...tools] }),
  };
}

/**
 * Reads a saved session memory (from a file or a store: untrusted), refusing anything but the shape
 * `toJSON` writes, with `source` naming where it came from.
 */
export function sessionMemoryFromJSON(value: unknown, source: string): SessionMemory {
  const saved = value as Partial<SavedSessionMemory> | null;
  const keysOf = (field: 'calls' | 'tools', size: number): string[] => {
    const keys = saved?.[field];
    const valid = Array.isArray(keys) && keys.every((key) => typeof key === 'string' && isKey(key, size));
    if (!valid) throw new TypeError(`${source}: session.${field} must be a list of approval keys as saved by llm-do (JSON arrays of ${size} items)`);
    return keys;
  };
  return createSessionMemory({ calls: keysOf('calls', 3), tools: keysOf('tools', 2) });
}

/** Whether `key` is what `toolKey` (2 items) or `callKey` (3) writes. */
function isKey(key: string, size: number): boolean {
  try {
    const items: unknown = JSON.parse(key);
    return Array.isArray(items) && items.length === size && items.every((item) => typeof item === 'string');
  } catch {
    return false;
  }
}

// JSON arrays, so no toolset or tool name can be crafted to collide with another pair.
function toolKey({ toolset, tool }: ToolKey): string {
  return JSON.stringify([toolset, tool]);
}

function callKey({ toolset, tool }: ToolKey, args: unknown): string {
  return JSON.stringify([toolset, tool, canonicalJson(args)]);
}

/**
 * JSON text of a value with object keys sorted at every level, so `{a:1,b:2}` and `{b:2,a:1}` give
 * the same text. Values JSON cannot hold are written as JSON.stringify would (`undefined` members
 * dropped); a cycle is written as `"[cycle]"` rather than throwing.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value, new Set())) ?? 'undefined';
}

function sortKeys(value: unknown, seen: Set<object>): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[cycle]';
  const toJson = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJson === 'function') return sortKeys(toJson.call(value), seen);
  seen.add(value);
  let result: unknown;
  if (Array.isArray(value)) {
    result = value.map((item) => sortKeys(item, seen) ?? null);
  } else {
    // No prototype: a `__proto__` key from the model stays an ordinary key.
    const sorted: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key], seen);
    result = sorted;
  }
  seen.delete(value);
  return result;
}
