/**
 * Reading back a run's saved state (a `RunSnapshot` from the run log, a `--state` file or a library
 * caller): it may be damaged, or written by a newer llm-do. Each is refused with a sentence naming
 * what was read, before anything acts on the state. The shape is checked down to each tool call's
 * status and approval and the run's options; the engine that resumes the state owns the meaning of the rest.
 */
import { z } from 'zod';
import { UsageError } from '../errors.ts';
import { CREATED_WORKER_NAME } from '../tools/worker-factory.ts';
import { STATE_VERSION, type RunSnapshot } from './state.ts';

const ApprovalShape = z.looseObject({ approval_id: z.string(), toolset: z.string(), description: z.string(), note: z.string().optional() });
const QuestionShape = z.looseObject({ question_id: z.string(), question: z.string() });

interface CallShape {
  call_id: string;
  chain: string[];
  bound_mounts?: { name: string; host_root: string; mode: 'ro' | 'rw'; bound_from: string; suffixes?: string[]; max_file_bytes?: number }[];
  messages: unknown[];
  tool_calls: { tool_call_id: string; tool: string; status: string; children: CallShape[] }[];
}

const CallShape: z.ZodType<CallShape> = z.lazy(() =>
  z.looseObject({
    call_id: z.string(),
    chain: z.array(z.string()),
    bound_mounts: z
      .array(
        z.looseObject({
          name: z.string(),
          host_root: z.string().startsWith('/'),
          mode: z.enum(['ro', 'rw']),
          bound_from: z.string(),
          suffixes: z.array(z.string()).optional(),
          max_file_bytes: z.number().int().positive().optional(),
        }),
      )
      .optional(),
    messages: z.array(z.unknown()),
    tool_calls: z.array(
      z.looseObject({
        tool_call_id: z.string(),
        tool: z.string(),
        status: z.enum(['new', 'running', 'pending', 'waiting', 'done']),
        approval: ApprovalShape.optional(),
        question: QuestionShape.optional(),
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
  options: z.looseObject({ stream: z.boolean(), max_depth: z.number(), mounts: z.array(z.unknown()), set: z.array(z.unknown()) }),
  root: CallShape.nullable(),
  created_workers: z
    .array(
      z.looseObject({
        name: z.string().regex(CREATED_WORKER_NAME, 'not a created worker name'),
        created_by: z.string(),
        call_id: z.string(),
        config: z.looseObject({}),
        own_toolsets: z.looseObject({}),
        instructions: z.string(),
        front_matter: z.looseObject({}),
      }),
    )
    .optional(),
});

/**
 * `text` as a saved state; `what` names it in errors ("run X's saved state", "state file F"), and
 * `runId`, when given, is the run it must be. A UsageError (exit 2) when it cannot be used.
 */
export function parseRunSnapshot(text: string, what: string, runId?: string): RunSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corrupt(what, `not JSON: ${(error as Error).message}`);
  }
  return checkRunSnapshot(value, what, runId);
}

/** `value` as a saved state, checked as {@link parseRunSnapshot} checks it. */
export function checkRunSnapshot(value: unknown, what: string, runId?: string): RunSnapshot {
  const version = (value as { state_version?: unknown } | null)?.state_version;
  if (typeof version === 'number' && Number.isInteger(version) && version > STATE_VERSION) {
    throw new UsageError(`${what} is from a newer llm-do (state_version ${version}; this one reads state_version ${STATE_VERSION})`);
  }
  const checked = SnapshotShape.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw corrupt(what, `${issue.path.length ? issue.path.join('.') : 'the state'}: ${issue.message}`);
  }
  if (runId !== undefined && checked.data.run_id !== runId) throw corrupt(what, `it names another run, ${checked.data.run_id}`);
  // The value itself, not zod's copy: every field the engine saved stays as it was.
  return value as RunSnapshot;
}

function corrupt(what: string, detail: string): UsageError {
  return new UsageError(`${what} is corrupt (${detail}); it cannot be resumed`);
}
