/**
 * What `llm-do ui` needs from whoever starts it to run workers: the project a run can be started in,
 * and how to start and resume runs. The CLI builds it from its own run setup (model, keys, grants,
 * the run log), so a run started or resumed in the page is the run `llm-do TARGET --on-approval
 * pause` or `llm-do resume RUN --on-approval pause` would be.
 */
import type { RunEvent } from '../runtime/events.ts';

/** A worker a run can be started with. */
export interface LaunchableWorker {
  id: string;
  description: string;
  /** Its input is a JSON object (`schema_in`), not text. */
  structured: boolean;
  /** Its `schema_in` as a JSON Schema, when it can be read without running project code (the start form draws its fields). */
  schema?: Record<string, unknown>;
}

/** The project runs are started in. */
export interface LaunchProject {
  name: string;
  root: string;
  workers: LaunchableWorker[];
  /** The model every run is started with (`llm-do ui --model`), if one was given. */
  model?: string;
}

/** What a launched run reports to the page while it runs in this process. */
export type LaunchListener = (event: RunEvent) => void;

export interface RunLauncher {
  /** The project, or why runs cannot be started here (no project found, runs not recorded). */
  project: LaunchProject | { unavailable: string };
  /**
   * Starts `worker` with `input`; settles with the run id once the run has begun (it goes on in the
   * background). Throws a UsageError or ProjectError when the run cannot begin, naming why.
   */
  start(worker: string, input: string | Record<string, unknown>, onEvent: LaunchListener): Promise<string>;
  /**
   * Resumes the paused run `runId` with the decisions recorded for it; settles once it goes on.
   * Throws a UsageError or ProjectError when it cannot (changed worker, already resumed, …).
   */
  resume(runId: string, onEvent: LaunchListener): Promise<void>;
  /** Settles once every run started or resumed here has ended (recorded). */
  drain(): Promise<void>;
}
