/** The tool name under which a worker is offered to its callers (docs/tools.md, `workers` toolset). */

/** Longest tool name providers accept. */
export const MAX_TOOL_NAME_LENGTH = 64;

/**
 * `reports/summarizer` → `reports__summarizer`, `utils:summarizer` → `utils__summarizer`: `/` and `:`
 * become `__`, any other character outside `[A-Za-z0-9_-]` becomes `_`, cut to 64 characters.
 */
export function toolNameForWorker(id: string): string {
  return modelToolName(id.replace(/[/:]/g, '__'));
}

/** `name` as providers accept a tool name: characters outside `[A-Za-z0-9_-]` become `_`, cut to 64 characters. */
export function modelToolName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_TOOL_NAME_LENGTH);
}
