/** Every worker of a project loaded (merged with the manifest), and the problems of those that do not load. */
import { diagnosticsFromError, type Diagnostic } from './diagnostics.ts';
import type { Project, WorkerDefinition } from './types.ts';

export async function loadProjectWorkers(project: Project): Promise<{ workers: WorkerDefinition[]; diagnostics: Diagnostic[] }> {
  const entries = await project.scanWorkers();
  const loaded = await Promise.all(
    entries.map(async (entry) => {
      try {
        return { worker: await project.loadWorker(`./${entry.file.slice(project.root.length + 1)}`) };
      } catch (error) {
        return { problems: diagnosticsFromError(error, entry.displayPath) };
      }
    }),
  );
  return { workers: loaded.flatMap((result) => (result.worker ? [result.worker] : [])), diagnostics: loaded.flatMap((result) => result.problems ?? []) };
}
