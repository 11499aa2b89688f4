/**
 * The one retry layer of model requests (docs/models.md, "Retries"): a wrapper around each provider
 * model of the registry, under `fallback_models`, so a model is given up on only after its retries.
 * It retries an HTTP error status, a dropped connection, a silent stream and an error event inside a
 * 200 stream alike (`retry-policy.ts` judges them), honouring the wait the provider asks for up to
 * `maxWaitMs`. The AI SDK's own retries are off and the fetch below only bounds each attempt's time.
 *
 * A stream that fails after it has shown output is restarted: the new attempt's parts follow a
 * restart part ({@link StreamRestart}), so whoever gathers the stream drops what the failed attempt
 * said (`stream-gatherer.ts`) and can say so, and counts the usage the failed attempt reported.
 */
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';
import { formatWait, judgeFailure, type RetryHint } from './retry-policy.ts';
import { abortableSleep } from './timed-fetch.ts';

/** How failed requests are retried. */
export interface RetryOptions {
  /** Retries after the first attempt. @default 3 */
  retries?: number;
  /** First backoff delay; doubles per retry, with jitter. @default 500 */
  baseDelayMs?: number;
  /**
   * The longest wait before a retry (`LLM_DO_MAX_RETRY_WAIT`): backoff stops growing there, and a
   * provider that asks for a longer wait fails the request at once ({@link RetryWaitTooLongError}).
   * @default 60_000
   */
  maxWaitMs?: number;
  /** Called before each wait of a request that has shown nothing yet (e.g. to show "retrying after HTTP 429" as progress). */
  onRetry?: (event: RetryEvent) => void;
  /** Test seams: the wait, the jitter and the clock. */
  _internal?: { sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>; random?: () => number; now?: () => number };
}

/** A retry about to wait: what {@link RetryOptions.onRetry} receives, and what a restart part carries. */
export interface RetryEvent {
  /** 1 for the first retry. */
  attempt: number;
  /** How many retries a request gets in all (`attempt` of `retries`). */
  retries: number;
  delayMs: number;
  /** `HTTP 429`, `overloaded_error` (an error event in a 200 stream), `ECONNRESET`, `stream_timeout`. */
  reason: string;
  /** The HTTP status retried, if the server answered with an error status. */
  status?: number;
  /** Which of the provider's signals set the wait (`retry-after`, `RetryInfo`, …); none for backoff. */
  hint?: string;
  /**
   * The request's abort signal. The AI SDK hands a request's `abortSignal` to the model unchanged,
   * so a caller sharing a model between calls can tell which one retries.
   */
  signal?: AbortSignal;
}

/** What a restart part says: the retry, whether output was discarded, and the usage the failed attempt reported. */
export interface StreamRestart extends Omit<RetryEvent, 'signal'> {
  /** The failed attempt had already streamed output (text, reasoning, tool calls), now void. */
  discarded: boolean;
  usage?: LanguageModelV4Usage;
}

/** A provider asked for a longer wait than `maxWaitMs`: the request fails at once, saying what was asked. */
export class RetryWaitTooLongError extends Error {
  override readonly name = 'RetryWaitTooLongError';
  constructor(
    readonly hint: RetryHint,
    readonly maxWaitMs: number,
    cause: unknown,
  ) {
    super(
      `the provider asked to retry in ${formatWait(hint.ms)} (${hint.from}), longer than the longest wait, ${formatWait(maxWaitMs)} (LLM_DO_MAX_RETRY_WAIT)`,
      { cause },
    );
  }
}

const RESTART_KIND = 'llm-do.restart';

/** The restart a stream part announces, if it is one. */
export function restartOf(part: LanguageModelV4StreamPart): StreamRestart | undefined {
  return part.type === 'custom' && part.kind === RESTART_KIND ? (part.providerMetadata?.llmDo as unknown as StreamRestart) : undefined;
}

function restartPart(restart: StreamRestart): LanguageModelV4StreamPart {
  return { type: 'custom', kind: RESTART_KIND, providerMetadata: { llmDo: restart as never } };
}

/** Parts a user may have seen: once one has come, a retry must restart what was shown. */
const OUTPUT_PARTS = new Set<LanguageModelV4StreamPart['type']>([
  'text-delta',
  'reasoning-delta',
  'tool-input-start',
  'tool-input-delta',
  'tool-call',
  'tool-result',
  'tool-approval-request',
  'source',
  'file',
  'reasoning-file',
]);

/**
 * `model`, its requests retried (see the file's comment).
 *
 * @example createRetryingModel(anthropic('claude-haiku-4-5'), { maxWaitMs: 30_000, onRetry: console.log })
 */
export function createRetryingModel(model: LanguageModelV4, options: RetryOptions = {}): LanguageModelV4 {
  const { retries = 3, baseDelayMs = 500, maxWaitMs = 60_000, onRetry } = options;
  const sleep = options._internal?.sleep ?? abortableSleep;
  const random = options._internal?.random ?? Math.random;
  const now = options._internal?.now ?? Date.now;

  /** The retry after the failure of attempt `attempt` (0 = the first), or the error the request fails with. */
  const decide = (error: unknown, attempt: number, signal: AbortSignal | undefined): { retry: StreamRestart } | { fail: unknown } => {
    if (signal?.aborted) return { fail: error };
    const verdict = judgeFailure(error, now());
    if (!verdict.retryable) return { fail: error };
    if (verdict.hint && verdict.hint.ms > maxWaitMs) return { fail: new RetryWaitTooLongError(verdict.hint, maxWaitMs, error) };
    if (attempt >= retries) return { fail: error };
    const backoff = Math.round(baseDelayMs * 2 ** attempt * (0.5 + random() / 2));
    const retry: StreamRestart = {
      attempt: attempt + 1,
      retries,
      delayMs: verdict.hint?.ms ?? Math.min(maxWaitMs, backoff),
      reason: verdict.reason,
      ...(verdict.status === undefined ? {} : { status: verdict.status }),
      ...(verdict.hint ? { hint: verdict.hint.from } : {}),
      discarded: false,
    };
    return { retry };
  };

  /** Calls `request` until it succeeds or {@link decide} gives up; `tries.attempt` counts across a stream's restarts. */
  const withRetries = async <T>(signal: AbortSignal | undefined, tries: { attempt: number }, request: () => PromiseLike<T>): Promise<T> => {
    for (;;) {
      try {
        return await request();
      } catch (error) {
        const next = decide(error, tries.attempt, signal);
        if ('fail' in next) throw next.fail;
        tries.attempt++;
        const { discarded: _none, ...event } = next.retry;
        onRetry?.({ ...event, ...(signal ? { signal } : {}) });
        await sleep(event.delayMs, signal);
      }
    }
  };

  /** The parts of `stream`, and after a retryable failure those of a new attempt, behind a restart part. */
  const restartingStream = (
    stream: ReadableStream<LanguageModelV4StreamPart>,
    call: LanguageModelV4CallOptions,
    tries: { attempt: number },
  ): ReadableStream<LanguageModelV4StreamPart> => {
    let reader = stream.getReader();
    let shown = false;
    // Usage the attempt reported before a finish part (which reports its own to whoever gathers it).
    let usage: LanguageModelV4Usage | undefined;
    const signal = call.abortSignal;
    return new ReadableStream<LanguageModelV4StreamPart>(
      {
        async pull(controller) {
          let failure: unknown;
          let asPart = false;
          try {
            const { done, value } = await reader.read();
            if (done) return controller.close();
            if (value.type !== 'error') {
              shown ||= OUTPUT_PARTS.has(value.type);
              usage = value.type === 'finish' ? undefined : (usageSoFar(value) ?? usage);
              return controller.enqueue(value);
            }
            failure = value.error;
            asPart = true;
          } catch (error) {
            failure = error;
          }
          const next = decide(failure, tries.attempt, signal);
          if ('fail' in next) {
            // What the failed attempt was billed is still reported, as a finish part before the error.
            if (usage) controller.enqueue({ type: 'finish', finishReason: { unified: 'error', raw: undefined }, usage });
            // A provider's error event stays a part, as it came; so does a broken stream once usage went ahead of it.
            if (asPart || usage) return controller.enqueue({ type: 'error', error: next.fail });
            return controller.error(next.fail);
          }
          tries.attempt++;
          void reader.cancel().catch(() => undefined);
          controller.enqueue(restartPart({ ...next.retry, discarded: shown, ...(usage ? { usage } : {}) }));
          shown = false;
          usage = undefined;
          await sleep(next.retry.delayMs, signal);
          const again = await withRetries(signal, tries, () => model.doStream(call));
          reader = again.stream.getReader();
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: 0 },
    );
  };

  return {
    specificationVersion: 'v4',
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return model.supportedUrls;
    },
    doGenerate: (call) => withRetries(call.abortSignal, { attempt: 0 }, () => model.doGenerate(call)),
    async doStream(call) {
      const tries = { attempt: 0 };
      const first = await withRetries(call.abortSignal, tries, () => model.doStream(call));
      return { ...first, stream: restartingStream(first.stream, call, tries) };
    },
  };
}

/**
 * Usage a stream reported before its finish part: the input tokens Anthropic sends at the start of a
 * message (`anthropic.message_start`), which it bills even when the stream then fails.
 */
function usageSoFar(part: LanguageModelV4StreamPart): LanguageModelV4Usage | undefined {
  if (part.type !== 'custom' || part.kind !== 'anthropic.message_start') return undefined;
  const raw = (part.providerMetadata?.anthropic as { usage?: Record<string, unknown> } | undefined)?.usage;
  if (!raw) return undefined;
  const count = (key: string) => (typeof raw[key] === 'number' ? (raw[key] as number) : 0);
  const cacheRead = count('cache_read_input_tokens');
  const cacheWrite = count('cache_creation_input_tokens');
  const noCache = count('input_tokens');
  return {
    inputTokens: { total: noCache + cacheRead + cacheWrite, noCache, cacheRead, cacheWrite },
    outputTokens: { total: count('output_tokens'), text: undefined, reasoning: undefined },
    raw: raw as never,
  };
}
