/**
 * Runtime test helpers: a scripted in-process model (MockLanguageModelV4) that answers per worker,
 * handed to the run as its `models` (`RunInternals`, which a library user never sets), and on-disk
 * projects in temp dirs.
 */
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Content, LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { ModelRegistry } from '../../src/models/registry.ts';
import type { RunEvent } from '../../src/runtime/events.ts';
import type { RunInternals, RunWorkerOptions } from '../../src/runtime/run-options.ts';
import { runWorkerWith, type RunResult } from '../../src/runtime/run-worker.ts';
import { MockLanguageModelV4 } from '../../src/testkit/index.ts';
import { open, writeTree } from '../project/fixture.ts';

/** What the scripted model answers to one call. */
export interface MockReply {
  text?: string;
  toolCalls?: { name: string; args: unknown }[];
  /** [input, output] tokens. @default [1, 1] */
  usage?: [number, number];
}

/** One call the model received: the worker it was for and the prompt. */
export interface MockCall {
  worker: string;
  prompt: LanguageModelV4Prompt;
  tools: string[];
  options: LanguageModelV4CallOptions;
}

/** Decides a reply from the worker id and how many tool results its prompt already holds. */
export type MockScript = (call: MockCall & { toolResults: string[] }) => MockReply;

/** The text of every tool result in a prompt, oldest first. */
export function toolResultsOf(prompt: LanguageModelV4Prompt): string[] {
  return prompt.flatMap((message) =>
    message.role === 'tool' ? message.content.flatMap((part) => (part.type === 'tool-result' ? [outputText(part.output)] : [])) : [],
  );
}

function outputText(output: { type: string; value?: unknown }): string {
  return typeof output.value === 'string' ? output.value : JSON.stringify(output.value);
}

/** The system prompt of a call. */
export function systemOf(prompt: LanguageModelV4Prompt): string {
  return prompt
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n');
}

/** A mock model answering by `script`; `calls` records every call in order. */
export function scriptedModel(script: MockScript): { model: LanguageModelV4; calls: MockCall[] } {
  const calls: MockCall[] = [];
  let nextId = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const worker = String(options.providerOptions?.['llm-do']?.worker ?? '');
      const call: MockCall = { worker, prompt: options.prompt, tools: (options.tools ?? []).map((tool) => tool.name), options };
      calls.push(call);
      const reply = script({ ...call, toolResults: toolResultsOf(options.prompt) });
      const content: LanguageModelV4Content[] = [];
      if (reply.text !== undefined) content.push({ type: 'text', text: reply.text });
      for (const toolCall of reply.toolCalls ?? []) {
        content.push({ type: 'tool-call', toolCallId: `call_${nextId++}`, toolName: toolCall.name, input: JSON.stringify(toolCall.args) });
      }
      const [input, output] = reply.usage ?? [1, 1];
      const calling = (reply.toolCalls ?? []).length > 0;
      return {
        content,
        finishReason: { unified: calling ? 'tool-calls' : 'stop', raw: calling ? 'tool_calls' : 'stop' },
        usage: {
          inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: output, text: output, reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
  return { model, calls };
}

/** A registry that hands `model` to every worker. */
export function registryOf(model: LanguageModelV4): ModelRegistry {
  return { resolve: async () => model };
}

/** Writes `files` to a temp project and opens it. */
export async function project(files: Record<string, string>) {
  const root = writeTree(files);
  return { root, project: await open(root) };
}

/** A run's options with what the test sets beside them (its models, its clock). */
export type TestRunOptions = RunWorkerOptions & Pick<RunInternals, 'models' | 'now'>;

/** Starts a run, collecting every event (and passing it on to `onEvent`); non-streaming and denying what asks unless told otherwise. */
export function runCollecting({ models, now, ...options }: TestRunOptions): { result: Promise<RunResult>; events: RunEvent[] } {
  const events: RunEvent[] = [];
  const handle = runWorkerWith(
    {
      stream: false,
      onApproval: 'deny',
      ...options,
      onEvent: (event) => {
        events.push(event);
        options.onEvent?.(event);
      },
    },
    { models, now },
  );
  return { result: handle.result, events };
}

/** Runs to the end, collecting every event (and passing it on to `onEvent`); non-streaming unless `stream` is given. */
export async function run(options: TestRunOptions): Promise<{ result: RunResult; events: RunEvent[] }> {
  const { result, events } = runCollecting(options);
  return { result: await result, events };
}

/**
 * Resolves once `count` tool calls have ended `interrupted`, i.e. once the run has stopped waiting for
 * them: work that answers after this answers late, without the test sleeping for a fixed time.
 */
export function interruptedToolResults(count = 1): { onEvent: (event: RunEvent) => void; reached: Promise<void> } {
  let seen = 0;
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return {
    onEvent: (event) => {
      if (event.type === 'tool_result' && !event.ok && event.error === 'interrupted' && ++seen === count) reach();
    },
    reached,
  };
}

/** Lets every pending callback and promise chain run (one turn of the event loop), whatever the timers. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
