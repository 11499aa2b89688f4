/**
 * The manifest of the Python llm-do's last form, `project.json` (docs/migrating.md), as today's
 * `project.yaml`: `runtime.approval_mode` is `approval.mode`, `runtime.max_depth` is
 * `delegation.max_depth`; `worker_files` and `python_files` say nothing today (workers are found by
 * scanning, Python files are listed on their own); the entry's default input is for a person. Pure.
 */
import { stringify } from 'yaml';

export interface ConvertedManifest {
  /** The text of `project.yaml`; undefined when `project.json` is not a JSON object. */
  yaml?: string;
  manual: string[];
}

const APPROVAL_MODES: Readonly<Record<string, string>> = { prompt: 'interactive', approve_all: 'approve_all', reject_all: 'auto_deny' };
/** Keys with nothing to say today. */
const DROPPED = new Set(['version', 'worker_files', 'python_files']);

const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `project.json`'s text as `project.yaml`'s, and what only a person can carry over. */
export function convertProjectJson(text: string): ConvertedManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { manual: [`not converted: invalid JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (!isMap(value)) return { manual: ['not converted: expected a JSON object of fields'] };
  const fields: Record<string, unknown> = {};
  const manual: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (DROPPED.has(key)) continue;
    if (key === 'runtime' && isMap(field)) convertRuntime(field, fields, manual);
    else if (key === 'entry' && isMap(field)) {
      if (field.input !== undefined) {
        manual.push(
          `entry.input: ${JSON.stringify(field.input)} was the entry's input when none was given; today give it on the command line (llm-do DIR "...")`,
        );
      }
      for (const other of Object.keys(field).filter((name) => name !== 'input')) manual.push(`entry.${other}: has no counterpart today`);
    } else manual.push(`${key}: has no counterpart in project.yaml (docs/project.md)`);
  }
  const yaml = Object.keys(fields).length > 0 ? stringify(fields) : '';
  return { yaml: `# From the Python llm-do's project.json.\n${yaml}`, manual };
}

function convertRuntime(runtime: Record<string, unknown>, fields: Record<string, unknown>, manual: string[]): void {
  for (const [key, value] of Object.entries(runtime)) {
    if (key === 'approval_mode' && typeof value === 'string' && Object.hasOwn(APPROVAL_MODES, value)) {
      if (value !== 'prompt') fields.approval = { mode: APPROVAL_MODES[value] };
    } else if (key === 'max_depth' && typeof value === 'number') {
      fields.delegation = { max_depth: value };
    } else manual.push(`runtime.${key}: has no counterpart in project.yaml (docs/project.md)`);
  }
}
