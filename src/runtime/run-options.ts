/**
 * What a run is started with: `RunWorkerOptions`, the options a library user (and the CLI) passes to
 * `runWorker`, and `RunInternals`, what only llm-do's own code sets beside them (a test's models and
 * clock, a durable engine's journal), kept out of the public options.
 */
import type { OnApproval } from '../approval/controller.ts';
import type { AnswerQuestion } from '../approval/decision-source.ts';
import type { ProjectGrants } from '../approval/grants.ts';
import type { ApprovalPrompter } from '../approval/types.ts';
import type { CassetteOption, ModelRegistry } from '../models/registry.ts';
import type { MountGrant } from '../project/mount-table.ts';
import type { Project } from '../project/types.ts';
import type { EventBus } from './event-bus.ts';
import type { RunEventListener } from './events.ts';
import type { ConfigOverride } from './overrides.ts';
import type { RunJournal } from './run-context.ts';
import type { RunStore, RunTags } from './run-store.ts';
import type { RunSnapshot } from './saved-state.ts';

export interface RunWorkerOptions {
  /** From `loadProject`. */
  project: Project;
  /** Worker reference of the entry. @default the project's entry (`main`) */
  entry?: string;
  /** Text, or an object validated against the entry's `schema_in`. */
  input?: string | Record<string, unknown>;
  /** Where the input came from, named when it does not match `schema_in` (e.g. `the start form`). @default '--input' */
  inputSource?: string;
  /** Extra guidance for the entry worker, added to its input as a caller's `instructions` are for a delegated worker. */
  instructions?: string;
  /** Host files the user hands to the entry worker (checked against its attachment policy). */
  attachments?: string[];
  /** Model for every worker of the run (`--model`). */
  model?: string;
  /**
   * Who decides the tool calls that ask (docs/library-api.md): `ask` a person through `prompter`,
   * `approve` or `deny` them all, `pause` the run until they are decided, or a function deciding
   * each question.
   * @default the manifest's `approval.mode` (`interactive` = `ask`, `approve_all`, `auto_deny`), else `ask`
   */
  onApproval?: OnApproval;
  /** Asks a person in `ask` mode; without one, `ask` calls are denied (no terminal). */
  prompter?: ApprovalPrompter;
  /**
   * Answers the questions of interactive workers (`ask_user`) with text, whatever `onApproval`
   * says. Without it a question goes where approvals go: the prompter asks it, pause mode leaves it
   * pending (`result.questions`), and anything else refuses it (an error result).
   */
  onQuestion?: AnswerQuestion;
  /** The project's persistent grants (`openProjectGrants`): consulted before asking, added to by a `project` answer. */
  grants?: ProjectGrants;
  /** @default manifest `delegation.max_depth`, else 5 */
  maxDepth?: number;
  /** Extra mounts granted by the user (`--mount`). */
  mounts?: MountGrant[];
  /** Stream model responses (text arrives as `text_delta` events). @default true */
  stream?: boolean;
  /**
   * Take an answer cut at the output token limit (`finish_reason: length`) as the answer, in every
   * worker of the run, instead of failing with a `truncated` error (`--accept-truncated`; a worker's
   * own `accept_truncated: true` does it for that worker). @default false
   */
  acceptTruncated?: boolean;
  signal?: AbortSignal;
  /** @default process.env (in a browser: none) */
  env?: Record<string, string | undefined>;
  /**
   * API keys by provider name (what `llm-do keys set` stores in `$LLM_DO_HOME/keys.json`); a
   * provider's environment variable wins over its key here.
   */
  apiKeys?: Readonly<Record<string, string>>;
  /**
   * The fetch every model request goes through, under the retries (each attempt calls it once): a
   * rate limit shared by many runs (`llm-do batch`), a proxy. @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /**
   * `{record: FILE}` keeps every model answer of the run in a cassette; `{replay: FILE}` answers
   * from one, with no provider, key or network (docs/testing.md; `--record`, `--replay`).
   */
  cassette?: CassetteOption;
  /** Called for every event, in order, as it happens (a lossless subscriber of the run's bus). */
  onEvent?: RunEventListener;
  /**
   * Subscribes the caller to the run's event bus before anything is emitted (the CLI's trace and
   * terminal view); see `EventBus.subscribe` for lossless and lossy subscribers.
   */
  subscribe?: (bus: EventBus) => void;
  /**
   * Records the run (docs/runs.md) unless the manifest says `log: false`: its beginning, events and
   * checkpoints as one stream of entries. Without one nothing is recorded: the CLI passes its run
   * journal, a library user passes theirs.
   */
  store?: RunStore;
  /**
   * Told the run's state after every model step and every start and result of a tool call that is not idempotent, whatever the
   * manifest's `log` says (`--state FILE`): keep the last one to resume the run with `resumeRun`.
   */
  onCheckpoint?: (state: RunSnapshot) => void;
  /** Where subscriber failures and events dropped after `run_end` are reported. */
  debug?: (message: string) => void;
  /** Overrides of the entry worker's fields (`--set`). */
  set?: ConfigOverride[];
}

/** What llm-do's own code sets beside a run's options; a library user never does. */
export interface RunInternals {
  /** Where every worker's model comes from (a test's scripted models). @default the providers of the run's configuration */
  models?: ModelRegistry;
  /** The run's clock (event times, run ids, durations). @default Date.now */
  now?: () => number;
  /**
   * A durable engine's journal (`llm-do batch --engine restate`): every tool call that is not a
   * delegation runs as one of its steps (approval and execution), so a run played again after a
   * crash does not repeat it. Model requests are journaled through `fetch`.
   */
  journal?: RunJournal;
  /**
   * What the run log tags each run of the bus with, by run id (`llm-do batch`: kind `batch`; a chat
   * session: kind `chat` and its conversation). @default kind `run`
   */
  tagsOf?: (runId: string) => RunTags;
}
