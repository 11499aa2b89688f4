/**
 * The built-in offline model `test` (docs/models.md): deterministic, no network. It describes what it
 * received so a run's wiring (worker, input, tools) can be checked without a provider, and answers
 * structured-output requests with a minimal schema-valid object. It never calls tools.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { streamOf } from './content-stream.ts';
import { minimalValueFor } from './minimal-value.ts';

/** Inputs longer than this are shortened in the description. */
const MAX_INPUT_CHARS = 120;

/**
 * Creates the offline `test` model. The runtime tells it the worker id through
 * `providerOptions: { 'llm-do': { worker: '<id>' } }`.
 *
 * @example
 * const { text } = await generateText({ model: createTestModel(), prompt: 'hi' });
 * // 'test model: worker (unknown) received "hi" (no tools)'
 */
export function createTestModel(): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'llm-do',
    modelId: 'test',
    supportedUrls: {},
    async doGenerate(options) {
      const text = answer(options);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageFor(options.prompt, text),
        warnings: [],
      } satisfies LanguageModelV4GenerateResult;
    },
    async doStream(options) {
      const text = answer(options);
      // Word by word, so stream consumers see more than one delta.
      const deltas = text.match(/\S+\s*/g) ?? [text];
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 'text-0' },
        ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 'text-0', delta })),
        { type: 'text-end', id: 'text-0' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: usageFor(options.prompt, text) },
      ];
      return { stream: streamOf(parts) };
    },
  };
}

/** JSON for structured output, otherwise the description. */
function answer(options: LanguageModelV4CallOptions): string {
  const format = options.responseFormat;
  if (format?.type === 'json') return JSON.stringify(format.schema === undefined ? {} : minimalValueFor(format.schema));
  return describe(options);
}

/** `test model: worker main received "the input" (tools: read_file, write_file)`. */
function describe(options: LanguageModelV4CallOptions): string {
  const worker = workerId(options.providerOptions);
  const { text, files } = lastUserInput(options.prompt);
  const tools = (options.tools ?? []).map((tool) => tool.name);
  const attachments = files === 0 ? '' : ` with ${files} attachment${files === 1 ? '' : 's'}`;
  const toolList = tools.length === 0 ? 'no tools' : `tools: ${tools.join(', ')}`;
  return `test model: worker ${worker} received ${JSON.stringify(shorten(text))}${attachments} (${toolList})`;
}

function workerId(providerOptions: LanguageModelV4CallOptions['providerOptions']): string {
  const worker = providerOptions?.['llm-do']?.worker;
  return typeof worker === 'string' && worker !== '' ? worker : '(unknown)';
}

/** The text and the number of files of the last user message. */
function lastUserInput(prompt: LanguageModelV4Prompt): { text: string; files: number } {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message?.role !== 'user') continue;
    const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
    return { text, files: message.content.filter((part) => part.type === 'file').length };
  }
  return { text: '', files: 0 };
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_INPUT_CHARS ? line : `${line.slice(0, MAX_INPUT_CHARS - 1)}…`;
}

/** Rough token counts: one token per four characters, as providers roughly count English. */
export function usageFor(prompt: LanguageModelV4Prompt, output: string): LanguageModelV4Usage {
  const input = Math.ceil(promptChars(prompt) / 4);
  const outputTokens = Math.ceil(output.length / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
  };
}

function promptChars(prompt: LanguageModelV4Prompt): number {
  let chars = 0;
  for (const message of prompt) {
    if (message.role === 'system') {
      chars += message.content.length;
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') chars += part.text.length;
      else if (part.type === 'tool-call') chars += JSON.stringify(part.input ?? null).length;
      else if (part.type === 'tool-result') chars += JSON.stringify(part.output ?? null).length;
    }
  }
  return chars;
}
