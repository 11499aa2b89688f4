/**
 * What a person approved "for the session" (SPEC §8, §15): one exact call (toolset + tool +
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
export declare function createSessionMemory(saved?: SavedSessionMemory): SessionMemory;
/**
 * Reads a saved session memory (from a file or a store: untrusted), refusing anything but the shape
 * `toJSON` writes, with `source` naming where it came from.
 */
export declare function sessionMemoryFromJSON(value: unknown, source: string): SessionMemory;
/**
 * JSON text of a value with object keys sorted at every level, so `{a:1,b:2}` and `{b:2,a:1}` give
 * the same text. Values JSON cannot hold are written as JSON.stringify would (`undefined` members
 * dropped); a cycle is written as `"[cycle]"` rather than throwing.
 */
export declare function canonicalJson(value: unknown): string;
