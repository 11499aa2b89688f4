/**
 * Recording a run: its store subscribed to its bus, told the run at its first event and then every
 * event (docs/runs.md). Kept apart from the store's interface (`run-store.ts`), which the run's
 * options refer to: the two do not import each other.
 */
import type { EventBus } from './event-bus.ts';
import type { RunWorkerOptions } from './run-options.ts';
import { recordsRuns, type RecordedRunOptions, type RunBeginning, type RunStore, type RunTags } from './run-store.ts';

/**
 * Subscribes `store` to `bus` as a lossless subscriber: each run (a chat session has one per turn)
 * begins at its first event, described from `options` and tagged with `tagsOf` its id.
 */
export function attachRunStore(bus: EventBus, store: RunStore, options: RunWorkerOptions, tagsOf: (runId: string) => RunTags, resumedRunId?: string): void {
  if (!recordsRuns(options.project)) return;
  // A resumed run was begun by the run it continues.
  const begun = new Set<string>(resumedRunId ? [resumedRunId] : []);
  const recorded = recordedOptions(options);
  bus.subscribe(
    (event) => {
      if (!begun.has(event.run_id)) {
        begun.add(event.run_id);
        const run: RunBeginning = {
          run_id: event.run_id,
          project: { name: options.project.name, root: options.project.root },
          entry: event.worker,
          input: event.type === 'run_start' ? event.input : (options.input ?? null),
          options: recorded,
          started_at: event.ts,
          ...tagsOf(event.run_id),
        };
        store.record({ type: 'begin', run });
      }
      store.record({ type: 'event', event });
    },
    { lossless: true, drop: ['text_delta', 'reasoning_delta', 'commentary'] },
  );
}

/** `onApproval` as the run log has always named it: the manifest's approval modes. */
const RECORDED_APPROVAL = { ask: 'interactive', approve: 'approve_all', deny: 'auto_deny' } as const;

function recordedOptions(options: RunWorkerOptions): RecordedRunOptions {
  return {
    ...(options.model !== undefined ? { model: options.model } : {}),
    ...(typeof options.onApproval === 'string' && options.onApproval !== 'pause' ? { approval: RECORDED_APPROVAL[options.onApproval] } : {}),
    ...(options.maxDepth !== undefined ? { max_depth: options.maxDepth } : {}),
    ...(options.mounts?.length ? { mounts: options.mounts.map(({ name, hostDir, mode }) => ({ name, dir: hostDir, mode })) } : {}),
    ...(options.set?.length ? { set: options.set.map(({ path, value }) => ({ path, value })) } : {}),
    ...(options.attachments?.length ? { attachments: [...options.attachments] } : {}),
    stream: options.stream ?? true,
    ...(options.acceptTruncated ? { accept_truncated: true as const } : {}),
  };
}
