/**
 * The generated project of the scale benchmarks (`check-scale.mjs`, `run.mjs`): `main.worker`
 * delegating to ten `groupN/*` globs, and N-1 workers in ten groups — every seventh in directory
 * form, every fifth with a `schema_in` JSON Schema file, each (past the first ten) importing another
 * worker, each including a shared template — plus a `tools.ts` module and a manifest model, so it
 * checks clean.
 */
import path from 'node:path';
import { generatedDir, writeTree } from './common.mjs';

/** Writes the project of `count` workers to `bench/.generated/check-COUNT/` and returns its path. */
export function generateScaleProject(count) {
  const groups = 10;
  const files = {
    'project.yaml': 'name: scale\nmodel: test\ntoolsets:\n  filesystem: {}\n',
    'templates/footer.jinja': 'Answer briefly.\n',
    'schemas/in.json': JSON.stringify({ type: 'object', properties: { topic: { type: 'string' } } }),
    'tools.ts': 'export function ping() { return "pong"; }\nexport const pingSchema = { type: "object", properties: {} };\n',
    'main.worker': `---\nname: main\ndescription: Entry\ntoolsets:\n  workers:\n    allowed_workers: [${Array.from({ length: groups }, (_, g) => `group${g}/*`).join(', ')}]\n---\nDelegate.\n`,
    '.home/.keep': '',
  };
  for (let index = 1; index < count; index++) {
    const group = `group${index % groups}`;
    const id = `${group}/worker_${index}`;
    const schema = index % 5 === 0 ? 'schema_in: schemas/in.json\n' : '';
    const imports = index > groups ? `imports:\n  workers: [${group}/worker_${index - groups}]\n` : '';
    const file = index % 7 === 0 ? `workers/${id}/worker.worker` : `workers/${id}.worker`;
    files[file] = `---\nname: ${id}\ndescription: Worker ${index}\n${schema}${imports}---\nYou are worker ${index}. {% include "footer.jinja" %}\n`;
  }
  return writeTree(path.join(generatedDir, `check-${count}`), files);
}
