/**
 * The stored saved-state fixtures (test/fixtures/saved-state/README.md): every version's states, each
 * read against a fresh copy of the project that made it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/saved-state');
/** Where the generator ran the runs; a state names it as its project's root. */
const GENERATED_ROOT = '/tmp/llm-do-saved-state/project';

/** The state versions that have fixtures, oldest first (`1`, `2`, …). */
export function fixtureVersions(): number[] {
  return fs
    .readdirSync(FIXTURES)
    .filter((name) => /^v\d+$/.test(name))
    .map((name) => Number(name.slice(1)))
    .sort((a, b) => a - b);
}

export interface SavedStateFixture {
  /** A fresh copy of the fixture project, where the state's run goes on. */
  root: string;
  /** The stored state's text, naming `root` as its project's root. */
  text: string;
  /** `--model` of the copy's scripted model, by absolute path. */
  model: string;
}

/** Fixture `name` of state version `version`, against a fresh copy of its project. */
export function savedStateFixture(version: number, name: string): SavedStateFixture {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-saved-state-')), 'project');
  fs.cpSync(path.join(FIXTURES, 'project'), root, { recursive: true });
  const text = fs.readFileSync(path.join(FIXTURES, `v${version}`, `${name}.json`), 'utf8').replaceAll(GENERATED_ROOT, root);
  return { root, text, model: `scripted:${path.join(root, 'script.yaml')}` };
}
