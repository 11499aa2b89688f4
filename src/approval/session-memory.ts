/**
 * What a person approved "for the session" (SPEC §8): one exact call (tool + arguments) or one tool
 * with any arguments. One memory serves a whole run, sub-workers included, and is never persisted.
 */

/** Session approvals of one run. */
export interface SessionMemory {
  /** Remembers this tool with exactly these arguments (`s`). */
  approveCall(toolName: string, args: unknown): void;
  /** Remembers this tool with any arguments (`t`). */
  approveTool(toolName: string): void;
  /** True when an earlier `s` or `t` answer covers this call. */
  isApproved(toolName: string, args: unknown): boolean;
}

/** Creates an empty session memory. */
export function createSessionMemory(): SessionMemory {
  const calls = new Set<string>();
  const tools = new Set<string>();
  return {
    approveCall(toolName, args) {
      calls.add(callKey(toolName, args));
    },
    approveTool(toolName) {
      tools.add(toolName);
    },
    isApproved(toolName, args) {
      return tools.has(toolName) || calls.has(callKey(toolName, args));
    },
  };
}

function callKey(toolName: string, args: unknown): string {
  return `${toolName}\u0000${canonicalJson(args)}`;
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
