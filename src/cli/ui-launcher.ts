/**
 * How `llm-do ui` runs workers: a run started in the page is `llm-do TARGET --on-approval pause`
 * in this process (same project setup, keys, grants, run log), and a resume is
 * `llm-do resume RUN --on-approval pause` (`fromRunLog` claims the run in the log), so approvals a
 * run meets, and questions its interactive workers ask, show up in the page as pending instead of
 * waiting at a terminal nobody watches.
 */
import { UsageError } from '../errors.ts';
import { loadProjectWorkers } from '../project/project-workers.ts';
import type { Project } from '../project/types.ts';
import type { RunEvent } from '../runtime/events.ts';
import { locateSchemaRef } from '../worker-file/schema-ref.ts';
import type { WorkerDefinition } from '../project/types.ts';
import { startResumedRun } from '../runtime/resume-run.ts';
import { recordsRuns } from '../runtime/run-store.ts';
import { runWorker, type RunResult } from '../runtime/run-worker.ts';
import type { LaunchableWorker, LaunchListener, LaunchProject, RunLauncher } from '../ui/launcher.ts';
import { fromRunLog } from './commands/resume.ts';
import type { CliIO } from './io.ts';
import { readStoredKeys } from './key-store.ts';
import { openGrants, openRunLog, openRunTarget, runOptionsFromFlags, type RunLog } from './run-setup.ts';
import type { ProjectFlags } from './shared-flags.ts';

/** The flags of `llm-do ui` a launcher reads (`commands/ui.ts`). */
type LaunchFlags = ProjectFlags & { model?: string };

/**
 * The launcher of the project `dir` names (or the one around the current directory). Without a
 * project, or with one that does not record its runs, runs cannot be started (the page says why),
 * but paused runs of any project can still be resumed. `signal` stops every run it started.
 */
export async function createUiLauncher(dir: string | undefined, flags: LaunchFlags, io: CliIO, signal: AbortSignal): Promise<RunLauncher> {
  const project = await openProject(dir, flags, io);
  const inFlight = new Set<Promise<unknown>>();
  const track = (result: Promise<RunResult>, log: RunLog | undefined) => {
    const done = result.finally(() => log?.close());
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  return {
    project: 'unavailable' in project ? project : describe(project.project, await launchableWorkers(project.project), flags),
    async start(worker, input, onEvent) {
      if ('unavailable' in project) throw new UsageError(project.unavailable);
      const log = await openRunLog(flags, project.project, io);
      const grants = await openGrants(project.project, io);
      const begun = firstEvent(onEvent);
      const { result } = runWorker({
        project: project.project,
        entry: worker,
        input,
        inputSource: 'the start form',
        ...runOptionsFromFlags({ ...flags, onApproval: 'pause' }, io),
        ...(log ? { store: log.store } : {}),
        ...(grants ? { grants } : {}),
        signal,
        onEvent: begun.onEvent,
      });
      track(result, log);
      const first = await Promise.race([begun.event, result.then(() => undefined)]);
      // A run that could not begin (bad input, a worker that fails preflight) ends at once with the reason.
      if (!first || (first.type === 'run_end' && first.status === 'error')) {
        const ended = await result;
        throw ended.error ?? new Error(`worker ${worker} did not start`);
      }
      return first.run_id;
    },
    async resume(runId, onEvent) {
      const saved = await fromRunLog(runId, io);
      const { project: runProject } = await openRunTarget(saved.state.project.root, { ...flags, project: undefined }, io);
      let log: RunLog | undefined;
      const recording = await saved.recording(runProject, { openLog: async (options, opened, id) => (log = await openRunLog(options, opened, io, id)) }, {});
      const grants = await openGrants(runProject, io);
      try {
        const handle = await startResumedRun(saved.state, {
          project: runProject,
          onApproval: 'pause',
          env: io.env,
          apiKeys: readStoredKeys(io),
          ...(grants ? { grants } : {}),
          ...recording,
          signal,
          onEvent,
        });
        track(handle.result, log);
      } catch (error) {
        await log?.close();
        throw error;
      }
    },
    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** The project runs are started in, or why there is none. */
async function openProject(dir: string | undefined, flags: LaunchFlags, io: CliIO): Promise<{ project: Project } | { unavailable: string }> {
  let project: Project;
  try {
    project = (await openRunTarget(dir, flags, io)).project;
  } catch (error) {
    // A project named on the command line must open; none around the current directory only means no start form.
    if (dir !== undefined || flags.project !== undefined) throw error;
    return {
      unavailable: `no project to start runs in (${(error as Error).message}); start llm-do ui in a project directory, or name one: llm-do ui ./my-project`,
    };
  }
  if (project.standalone) return { unavailable: `${dir}: a worker file on its own; name its project directory to start runs here` };
  if (!recordsRuns(project))
    return { unavailable: `project ${project.name} says log: false, so a run started here would not be recorded and this page could not show it` };
  return { project };
}

/** The project's own workers that load, the entry first; the others are named by `llm-do check`. */
async function launchableWorkers(project: Project): Promise<LaunchableWorker[]> {
  const { workers } = await loadProjectWorkers(project);
  const launchable = workers.filter((worker) => !worker.builtin && !worker.library);
  const described = await Promise.all(
    launchable.map(async (worker): Promise<LaunchableWorker> => {
      const schema = await formSchema(project, worker);
      return { id: worker.id, description: worker.config.description ?? '', structured: worker.config.schema_in !== undefined, ...(schema ? { schema } : {}) };
    }),
  );
  return described.sort((a, b) => Number(b.id === project.entryId) - Number(a.id === project.entryId) || a.id.localeCompare(b.id));
}

/**
 * A worker's `schema_in` as JSON Schema for the page's start form: an inline schema or a JSON file.
 * A schema of a TS/JS module would need project code run just to draw a form, and a broken one is
 * reported when the run starts: both leave the form a JSON text box.
 */
async function formSchema(project: Project, worker: WorkerDefinition): Promise<Record<string, unknown> | undefined> {
  const ref = worker.config.schema_in;
  if (ref === undefined) return undefined;
  try {
    const located = await locateSchemaRef(ref, { fs: project.fs, projectRoot: project.root, displayPath: worker.displayPath, field: 'schema_in' });
    return 'schema' in located ? (located.schema.jsonSchema as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function describe(project: Project, workers: LaunchableWorker[], flags: LaunchFlags): LaunchProject {
  return { name: project.name, root: project.root, workers, ...(flags.model ? { model: flags.model } : {}) };
}

/** Resolves with the run's first event (which names its run id), passing every event on. */
function firstEvent(onEvent: LaunchListener): { event: Promise<RunEvent>; onEvent: (event: RunEvent) => void } {
  let resolve!: (event: RunEvent) => void;
  const event = new Promise<RunEvent>((settle) => (resolve = settle));
  return {
    event,
    onEvent(event) {
      resolve(event);
      onEvent(event);
    },
  };
}
