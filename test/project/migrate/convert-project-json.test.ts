/** The Python llm-do's last manifest, project.json, as today's project.yaml (docs/migrating.md). */
import { describe, expect, test } from 'vitest';
import { convertProjectJson } from '../../../src/project/migrate/convert-project-json.ts';

describe('convertProjectJson', () => {
  test('approval modes and depth carry over; the default mode, version and file lists say nothing', () => {
    expect(convertProjectJson('{"version": 1, "runtime": {"approval_mode": "prompt"}, "worker_files": ["a.worker"], "python_files": ["tools.py"]}')).toEqual({
      yaml: "# From the Python llm-do's project.json.\n",
      manual: [],
    });
    expect(convertProjectJson('{"runtime": {"approval_mode": "approve_all", "max_depth": 2}}').yaml).toBe(
      "# From the Python llm-do's project.json.\napproval:\n  mode: approve_all\ndelegation:\n  max_depth: 2\n",
    );
  });

  test('what has no counterpart is named; a file that is not a JSON object is not converted', () => {
    expect(convertProjectJson('{"runtime": {"approval_mode": "maybe", "trace": true}, "entry": {"function": "main"}, "extra": 1}').manual).toEqual([
      'runtime.approval_mode: has no counterpart in project.yaml (docs/project.md)',
      'runtime.trace: has no counterpart in project.yaml (docs/project.md)',
      'entry.function: has no counterpart today',
      'extra: has no counterpart in project.yaml (docs/project.md)',
    ]);
    expect(convertProjectJson('[1]')).toEqual({ manual: ['not converted: expected a JSON object of fields'] });
    expect(convertProjectJson('{').manual).toEqual([expect.stringMatching(/^not converted: invalid JSON: /)]);
  });
});
