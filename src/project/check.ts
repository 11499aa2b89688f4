/**
 * `checkProject`: loads and validates everything a run could need and collects every problem:
 * each scanned worker parses and its name equals its id, ids are unambiguous, and each worker's
 * plan (the run's own preparation: references, allowed workers, schemas, templates, tool module
 * policy, model configuration) has no problem; the entry worker and library exports exist. It runs
 * no project code unless `importTools` is set. The project is read as one snapshot
 * (`snapshot-file-system.ts`): a file every worker includes is read once, not once per worker.
 */
import { checkedEntries, startHelpers } from './check-chunks.ts';
import { checkWorker, type CheckOptions } from './check-worker.ts';
import { diagnosticsFromError, uniqueDiagnostics, type Diagnostic } from './diagnostics.ts';
import { checkPassView } from './project-model.ts';
import { ambiguityError, duplicateIds } from './scan.ts';
import type { Project, WorkerEntry } from './types.ts';
import { PYTHON_MANIFESTS, pythonEraMessage } from '../worker-file/python-era.ts';

export type { Diagnostic } from './diagnostics.ts';
export type { CheckOptions } from './check-worker.ts';
export { checkChunks } from './check-chunks.ts';
export type { CheckHelper, CheckWork } from './check-helper.ts';

const SEVERITY_ORDER: readonly Diagnostic['severity'][] = ['error', 'warning', 'info'];

/** Every problem of the project (errors first in file order, then warnings, then notes); empty when all is well. */
export async function checkProject(opened: Project, options: CheckOptions = {}): Promise<Diagnostic[]> {
  const project = checkPassView(opened);
  const helpers = startHelpers(options.helpers ?? []);
  let entries: WorkerEntry[];
  try {
    entries = await project.scanWorkers();
  } catch (error) {
    helpers.dismiss();
    return diagnosticsFromError(error, project.manifestFile);
  }
  const duplicates = [...duplicateIds(entries)].map(([id, paths]) => ambiguityError(id, paths));
  const perWorker = await helpers.check(project, entries, checkedEntries(entries), options);
  const projectLevel = await Promise.all([checkEntryWorker(project, entries), checkLibraries(project, options), pythonManifests(project)]);
  const found = uniqueDiagnostics([...duplicates.flatMap((error) => diagnosticsFromError(error)), ...perWorker.flat(), ...projectLevel.flat()]);
  const all = await withWorkerToolsetHints(project, entries, found);
  return SEVERITY_ORDER.flatMap((severity) => all.filter((diagnostic) => diagnostic.severity === severity));
}

/**
 * The Python llm-do's later form called a worker by naming it as a toolset (`toolsets: {evaluator: {}}`,
 * docs/migrating.md), with the worker's file beside `main.worker` or under `workers/`, and named a
 * toolset of its `tools.py` the same way: such an unknown toolset is named as Python llm-do format,
 * not as a typo of a toolset.
 */
async function withWorkerToolsetHints(project: Project, entries: readonly WorkerEntry[], diagnostics: Diagnostic[]): Promise<Diagnostic[]> {
  const unknown = diagnostics.map((diagnostic) => /^unknown toolset "([^"]+)" \(/.exec(diagnostic.message)?.[1]);
  if (unknown.every((name) => name === undefined)) return diagnostics;
  const beside = (await project.fs.readDir(project.root)).filter((entry) => entry.kind === 'file').map((entry) => entry.name);
  const workers = new Set([
    ...entries.map((entry) => entry.id),
    ...beside.filter((name) => name.endsWith('.worker')).map((name) => name.slice(0, -'.worker'.length)),
  ]);
  const pythonTools = beside.includes('tools.py');
  return diagnostics.map((diagnostic, index) => {
    const name = unknown[index];
    if (name === undefined || (!workers.has(name) && !pythonTools)) return diagnostic;
    const today = workers.has(name)
      ? `toolsets.workers: {allowed_workers: [${name}]}`
      : 'a Python toolset of tools.py: its tools go to tools.ts, offered by toolsets.custom';
    const field = { path: ['toolsets', name], today };
    return { ...diagnostic, message: pythonEraMessage(field, `toolsets.${name}`) };
  });
}

/** A manifest of the Python llm-do's (`workshop.yaml`, ...) is not read today: its model and toolsets would be lost without a word. */
async function pythonManifests(project: Project): Promise<Diagnostic[]> {
  if (project.standalone) return [];
  const present = await Promise.all(PYTHON_MANIFESTS.map(async (name) => ((await project.fs.stat(`${project.root}/${name}`))?.kind === 'file' ? [name] : [])));
  return present.flat().map((name) => ({
    severity: 'error',
    file: name,
    message: pythonEraMessage({ path: [], today: 'project.yaml; this file is not read' }, 'the manifest'),
  }));
}

/** The entry worker must exist, except for a library checked in place (it needs no `main`). */
async function checkEntryWorker(project: Project, entries: readonly WorkerEntry[]): Promise<Diagnostic[]> {
  const isLibrary = project.manifestFile === 'lib.yaml';
  if (entries.some((entry) => entry.id === project.entryId) || (isLibrary && project.manifest?.entry === undefined)) return [];
  try {
    await project.loadWorker(project.entryId);
    return [];
  } catch (error) {
    return diagnosticsFromError(error, project.manifestFile);
  }
}

/** A library checked in place must export workers it has; every dependency's exports must load. */
async function checkLibraries(project: Project, options: CheckOptions): Promise<Diagnostic[]> {
  const own = project.manifestFile === 'lib.yaml' ? (project.manifest?.exports ?? []) : [];
  const refs = [...own, ...project.libraries.flatMap((library) => (library.manifest.exports ?? []).map((id) => `${library.name}:${id}`))];
  const groups = await Promise.all(
    refs.map(async (ref) => {
      try {
        const worker = await project.loadWorker(ref);
        return ref.includes(':') ? await checkWorker(project, worker, options) : [];
      } catch (error) {
        return diagnosticsFromError(error, ref.includes(':') ? undefined : project.manifestFile);
      }
    }),
  );
  return groups.flat();
}
