/**
 * state_version 2 of a run's saved state (docs/durable-runs.md, "Saved states and llm-do versions"):
 * version 1 with checkpoint deltas (issue 36). A call may carry `messages_from`: its messages before
 * that index are the ones the run's previous state had for the same call (or, with `messages_base`,
 * for that call of the run before, a chat's previous turn), and `messages` holds only those after them. The run log is given such deltas at every checkpoint, so it grows by what a step
 * added, not by the whole history (docs/runs.md). A whole state (a `--state` file, `onCheckpoint`, a
 * paused run's result, what the run log hands a resume) has no `messages_from` anywhere. A version 1
 * state is a whole version 2 state as it is.
 */
import { z } from 'zod';
import { CallSchema as CallSchemaV1, RunSnapshotV1, ToolCallSchema as ToolCallSchemaV1 } from './saved-state-v1.ts';

const ToolCallSchema = ToolCallSchemaV1.extend({
  get children(): z.ZodArray<typeof CallSchema> {
    return z.array(CallSchema);
  },
});

const CallSchema = CallSchemaV1.extend({
  /** In a delta only: `messages` go on from this index of the call's messages in the previous state (`messages_base`'s call, else the same). */
  messages_from: z.number().int().nonnegative().optional(),
  /**
   * In a delta only, with `messages_from`: the call whose first messages these are, in the previous
   * state of another run (a chat turn goes on from the conversation of the turn before).
   */
  messages_base: z.object({ run_id: z.string(), call_id: z.string() }).optional(),
  get tool_calls(): z.ZodArray<typeof ToolCallSchema> {
    return z.array(ToolCallSchema);
  },
});

/** A run's state, version 2. */
export const RunSnapshotV2 = RunSnapshotV1.extend({
  state_version: z.literal(2),
  root: CallSchema.nullable(),
});

export type RunSnapshotV2 = z.infer<typeof RunSnapshotV2>;
export type CallSnapshotV2 = z.infer<typeof CallSchema>;
export type ToolCallSnapshotV2 = z.infer<typeof ToolCallSchema>;

/** A version 1 state as version 2: the same whole state. */
export function upgradeFromV1(state: RunSnapshotV1): RunSnapshotV2 {
  return { ...state, state_version: 2 };
}
