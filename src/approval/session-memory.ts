/**
 * What a person approved "for the session" (SPEC §8, §15): one exact call (toolset + tool +
 * arguments) or one tool of one toolset with any arguments. One memory serves a whole run,
 * sub-workers included, and is never persisted.
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
}

/** Creates an empty session memory. */
export function createSessionMemory(): SessionMemory {
  const calls = new Set<string>();
  const tools = new Set<string>();
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
  };
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
