/**
 * Cassettes (docs/testing.md): `--record FILE` keeps every model request of a run with its answer;
 * `--replay FILE` answers the same requests from the file, with no provider, key or network. The
 * recording is a `wrapLanguageModel` middleware around the real model; a request is kept in a
 * normalised form (the model, the messages, the tools, the settings that change the answer), never
 * with headers, so no key reaches the file. A replayed request that matches no recorded one is an
 * error that shows how it differs from the nearest recorded request.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { ModelError } from '../errors.ts';
import { partsOf, streamOf } from './content-stream.ts';
import { createStreamGatherer } from './stream-gatherer.ts';

/** A recorded answer: what a non-streaming request would have returned. */
export interface RecordedAnswer {
  content: LanguageModelV4Content[];
  finishReason: LanguageModelV4GenerateResult['finishReason'];
  usage: LanguageModelV4Usage;
}

export interface CassetteInteraction {
  /** `provider:model` as the run named it. */
  model: string;
  request: NormalizedRequest;
  answer: RecordedAnswer;
}

export interface Cassette {
  version: 1;
  interactions: CassetteInteraction[];
}

/** What a request is matched on. */
export interface NormalizedRequest {
  prompt: unknown;
  tools: unknown;
  toolChoice: unknown;
  responseFormat: unknown;
  settings: Record<string, unknown>;
  /** The worker asking (`providerOptions['llm-do'].worker`). */
  worker: unknown;
}

/** The parts of a request that decide its answer; headers, signals and provider options are left out. */
export function normalizeRequest(options: LanguageModelV4CallOptions): NormalizedRequest {
  const { temperature, topP, topK, maxOutputTokens, stopSequences, seed, presencePenalty, frequencyPenalty } = options;
  const settings = Object.fromEntries(
    Object.entries({ temperature, topP, topK, maxOutputTokens, stopSequences, seed, presencePenalty, frequencyPenalty }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  // A JSON round trip drops what JSON cannot hold (undefined fields, binary file parts become objects alike on both sides).
  return JSON.parse(
    JSON.stringify({
      prompt: options.prompt.map((message) => ({ ...message, providerOptions: undefined })),
      tools: (options.tools ?? []).map((tool) => ({ ...tool, providerOptions: undefined })),
      toolChoice: options.toolChoice ?? null,
      responseFormat: options.responseFormat ?? null,
      settings,
      worker: options.providerOptions?.['llm-do']?.worker ?? null,
    }),
  ) as NormalizedRequest;
}

/** Records every answer of the model it wraps (`modelId`) through `record`, streamed or not. */
export function recordingMiddleware(modelId: string, record: (interaction: CassetteInteraction) => void): LanguageModelV4Middleware {
  return {
    specificationVersion: 'v4',
    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      record({
        model: modelId,
        request: normalizeRequest(params),
        answer: { content: result.content, finishReason: result.finishReason, usage: result.usage },
      });
      return result;
    },
    async wrapStream({ doStream, params }) {
      const result = await doStream();
      const gathered = createStreamGatherer();
      const stream = result.stream.pipeThrough(
        new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
          transform(part, controller) {
            // An error part is the reader's to throw; a stream that carries one records nothing.
            if (part.type !== 'error') gathered.add(part);
            controller.enqueue(part);
          },
          flush() {
            if (!gathered.finished) return;
            const { content, finishReason, usage } = gathered.result();
            record({ model: modelId, request: normalizeRequest(params), answer: { content, finishReason, usage } });
          },
        }),
      );
      return { ...result, stream };
    },
  };
}

/**
 * Answers from `cassette` as the model `modelId`: each request takes the first unused recorded
 * interaction of that model with an equal normalised request (repeated identical requests are
 * answered in recorded order). `source` names the cassette in errors.
 */
export function replayingModel(modelId: string, cassette: Cassette, used: Set<CassetteInteraction>, source: string): LanguageModelV4 {
  const answer = (options: LanguageModelV4CallOptions): RecordedAnswer => {
    const request = normalizeRequest(options);
    const key = JSON.stringify(request);
    const found = cassette.interactions.find(
      (interaction) => !used.has(interaction) && interaction.model === modelId && JSON.stringify(interaction.request) === key,
    );
    if (found) {
      used.add(found);
      return found.answer;
    }
    // Whole, not cut to a line as provider failures are: the difference is the point.
    const worker = String(request.worker);
    throw new ModelError(
      worker,
      modelId,
      'no recorded request matches',
      `model ${modelId} failed for worker ${worker}: ${unmatched(modelId, request, cassette, used, source)}`,
    );
  };
  return {
    specificationVersion: 'v4',
    provider: 'replay',
    modelId,
    supportedUrls: {},
    async doGenerate(options) {
      const { content, finishReason, usage } = answer(options);
      return { content, finishReason, usage, warnings: [] };
    },
    async doStream(options) {
      const { content, finishReason, usage } = answer(options);
      return { stream: streamOf(partsOf(content, finishReason, usage)) };
    },
  };
}

/** The error for a request no recording matches: the lines where it differs from the nearest one. */
function unmatched(modelId: string, request: NormalizedRequest, cassette: Cassette, used: ReadonlySet<CassetteInteraction>, source: string): string {
  const lines = (value: unknown) => JSON.stringify(value, null, 2).split('\n');
  const mine = lines(request);
  const candidates = cassette.interactions.filter((interaction) => !used.has(interaction));
  const head = `${source}: no recorded request matches this request of ${modelId} (worker ${String(request.worker)}); record the cassette again (--record), or fix what changed`;
  if (candidates.length === 0) return `${head}: every recorded request (${cassette.interactions.length}) was already answered`;
  const scored = candidates.map((interaction) => {
    const theirs = lines({ ...interaction.request });
    const changed = lineDiff(theirs, mine);
    return { interaction, changed, score: changed.length + (interaction.model === modelId ? 0 : 1000) };
  });
  const nearest = scored.sort((a, b) => a.score - b.score)[0]!;
  const model = nearest.interaction.model === modelId ? '' : `\n  recorded model: ${nearest.interaction.model}`;
  return `${head}. The nearest recorded request differs here (- recorded, + now):${model}\n${nearest.changed.slice(0, 12).join('\n')}${nearest.changed.length > 12 ? `\n  … ${nearest.changed.length - 12} more lines` : ''}`;
}

/** Lines only in `before` (`-`) or only in `after` (`+`), in order, by a longest common subsequence. */
function lineDiff(before: readonly string[], after: readonly string[]): string[] {
  const rows = before.length + 1;
  const cols = after.length + 1;
  // Large prompts: compare the lines that differ position by position rather than build a huge table.
  if (rows * cols > 4_000_000) {
    const out: string[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (before[i] !== after[i]) {
        if (before[i] !== undefined) out.push(`  - ${before[i]!.trim()}`);
        if (after[i] !== undefined) out.push(`  + ${after[i]!.trim()}`);
      }
    }
    return out;
  }
  const table = Array.from({ length: rows }, () => new Uint32Array(cols));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--)
      table[i]![j] = before[i] === after[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      i++;
      j++;
    } else if (j >= after.length || (i < before.length && table[i + 1]![j]! >= table[i]![j + 1]!)) out.push(`  - ${before[i++]!.trim()}`);
    else out.push(`  + ${after[j++]!.trim()}`);
  }
  return out;
}
