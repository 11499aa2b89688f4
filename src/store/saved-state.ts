/**
 * Reading back a run's saved state (`runs.state`, a `RunSnapshot`): the text may be missing (the run
 * stopped before its first checkpoint), damaged, or written by a newer llm-do. Each is refused with
 * a sentence naming the run, before anything acts on the state. Only the parts the run log itself
 * reads (the call tree down to each tool call's approval) are checked here; the engine that resumes
 * the state owns the meaning of the rest.
 */
import { z } from 'zod';
import { UsageError } from '../errors.ts';
import { STATE_VERSION, type RunSnapshot } from '../runtime/state.ts';

const ApprovalShape = z.looseObject({ approval_id: z.string(), toolset: z.string(), description: z.string(), note: z.string().optional() });

interface CallShape {
  call_id: string;
  chain: string[];
  messages: unknown[];
  tool_calls: { tool_call_id: string; tool: string; status: string; children: CallShape[] }[];
}

const CallShape: z.ZodType<CallShape> = z.lazy(() =>
  z.looseObject({
    call_id: z.string(),
    chain: z.array(z.string()),
    messages: z.array(z.unknown()),
    tool_calls: z.array(
      z.looseObject({
        tool_call_id: z.string(),
        tool: z.string(),
        status: z.enum(['running', 'pending', 'waiting', 'done']),
        approval: ApprovalShape.optional(),
        children: z.array(CallShape),
      }),
    ),
  }),
);

const SnapshotShape = z.looseObject({
  state_version: z.literal(STATE_VERSION),
  run_id: z.string(),
  project: z.looseObject({ name: z.string(), root: z.string() }),
  call_count: z.number().int().nonnegative(),
  root: CallShape.nullable(),
});

/** The saved state of run `runId` from its stored text; a UsageError (exit 2) when it cannot be used. */
export function parseSavedState(runId: string, text: string | null): RunSnapshot {
  if (text === null) throw new UsageError(`run ${runId} has no saved state to go on from (it stopped before its first step was saved)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corrupt(runId, `not JSON: ${(error as Error).message}`);
  }
  const version = (value as { state_version?: unknown } | null)?.state_version;
  if (typeof version === 'number' && Number.isInteger(version) && version > STATE_VERSION) {
    throw new UsageError(`run ${runId}'s saved state is from a newer llm-do (state_version ${version}; this one reads state_version ${STATE_VERSION})`);
  }
  const checked = SnapshotShape.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw corrupt(runId, `${issue.path.length ? issue.path.join('.') : 'the state'}: ${issue.message}`);
  }
  if (checked.data.run_id !== runId) throw corrupt(runId, `it names another run, ${checked.data.run_id}`);
  // The parsed text itself, not zod's copy: every field the engine saved stays as it was.
  return value as RunSnapshot;
}

function corrupt(runId: string, detail: string): UsageError {
  return new UsageError(`run ${runId}'s saved state is corrupt (${detail}); it cannot be resumed`);
}
