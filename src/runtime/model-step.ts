/**
 * One model step of a worker call, through the AI SDK's provider specification: the provider
 * model's `doStream`/`doGenerate` (`LanguageModelV4`) with a prompt llm-do converts itself, only the
 * messages a step added (`provider-messages.ts`). It emits the step's events (`model_request`,
 * `model_prompt`, `text_delta`, `reasoning_delta`, `commentary`, `model_step`, `usage`) and returns
 * what the model answered, with why it stopped (`models/finish-reason.ts`). The
 * engine runs the tool calls (`engine.ts`); a call of an undeclared tool, or with arguments that are
 * not JSON, is answered here with an error result. `provider_tools` are declared here too, and run by
 * the provider during the step: they are reported as they arrive (`provider-tool-events.ts`), never
 * run nor gated here, and priced per search. Retries live in the models layer (`retrying-model.ts`);
 * a stream it restarts after partial output is reported here as a `model_retry` with `restart`.
 */
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
  LanguageModelV4Message,
  LanguageModelV4ProviderTool,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4Usage,
  SharedV4ProviderMetadata,
} from '@ai-sdk/provider';
import type { AssistantContent, ModelMessage, ToolModelMessage } from 'ai';
import { sha256Hex } from '../crypto.ts';
import { LlmDoError, ProjectError } from '../errors.ts';
import { isCommentary } from '../models/answer-phase.ts';
import { anthropicPromptCache } from '../models/anthropic-prompt-cache.ts';
import { finishOf, type StepFinish } from '../models/finish-reason.ts';
import { servingModelId } from '../models/fallback-model.ts';
import { toModelError } from '../models/model-error.ts';
import { neutralProviderToolId } from '../models/provider-tools.ts';
import type { StreamRestart } from '../models/retrying-model.ts';
import { createStreamGatherer } from '../models/stream-gatherer.ts';
import type { JsonSchemaObject } from '../worker-file/json-schema.ts';
import type { ProviderToolName } from '../worker-file/schema.ts';
import { answerSources } from './answer-sources.ts';
import type { CallEventBody, CallIdentity, RequestUsage } from './events.ts';
import { createPromptRecorder } from './model-prompt.ts';
import { toProviderMessages } from './provider-messages.ts';
import { createProviderToolReporter, type ProviderToolReporter } from './provider-tool-events.ts';
import type { PreparedWorker, RunContext } from './run-context.ts';
import { emitterFor, modelRetryBody } from './run-scope.ts';
import { stepSettings } from './step-settings.ts';

/** A tool the model is offered: its name, description and JSON Schema of its input. */
export type ToolDeclaration = LanguageModelV4FunctionTool;

/** A tool call the engine runs: its input parsed from the model's JSON. */
export interface ModelToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

export interface ModelStepperOptions {
  ctx: RunContext;
  worker: PreparedWorker;
  identity: CallIdentity;
  system: string;
  /** The tools offered, as of each step: `worker_create` can add one during a call. */
  tools: () => readonly ToolDeclaration[];
  /** JSON Schema the final answer must follow (sent as the provider's structured-output format). */
  outputSchema: JsonSchemaObject | undefined;
}

export interface ModelStepResult {
  /** The answer: commentary and reasoning are not part of it. */
  text: string;
  /** Why the model stopped (docs/models.md, "Stop reasons"). */
  finish: StepFinish;
  /** Tool calls the engine must run: the invalid ones (unknown tool, bad JSON) are already answered in `responseMessages`. */
  toolCalls: ModelToolCall[];
  /** The assistant message, and a tool message answering invalid calls if there were any. */
  responseMessages: ModelMessage[];
  /** Tokens as the provider counted them: the request and its answer (what the next request extends), and the request's cached part. */
  tokens: { total: number; cached: number };
}

/** Sends `messages` as step `step` and returns the answer. Provider failures become ModelError. */
export type ModelStep = (messages: ModelMessage[], step: number) => Promise<ModelStepResult>;

/**
 * The worker's `provider_tools`, each under its own name with a neutral id each provider's model maps
 * to its own tool (`models/provider-tools.ts`).
 */
function providerTools(tools: readonly ToolDeclaration[], names: readonly ProviderToolName[], workerId: string): LanguageModelV4ProviderTool[] {
  return names.map((name) => {
    if (tools.some((tool) => tool.name === name)) {
      throw new ProjectError(
        'invalid-field',
        `provider_tools: ${name} of worker ${workerId} has the name of one of its other tools; rename that tool or leave ${name} out`,
        { field: 'provider_tools' },
      );
    }
    return { type: 'provider', id: neutralProviderToolId(name), name, args: {} };
  });
}

/** JSON text as a value: empty input is no arguments, as providers send for a tool without any. */
function parseInput(input: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (input.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(input) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A provider-run tool's result as the assistant message keeps it (sent back to the provider as it came). */
function providerResultOutput(result: unknown, isError: boolean | undefined): LanguageModelV4ToolResultOutput {
  if (typeof result === 'string') return isError ? { type: 'error-text', value: result } : { type: 'text', value: result };
  return isError ? { type: 'error-json', value: result as never } : { type: 'json', value: result as never };
}

type AssistantPart = Exclude<AssistantContent, string>[number];

interface ReadAnswer {
  text: string;
  /** Commentary messages (OpenAI Responses' `commentary` phase): shown as progress, not the answer. */
  commentary: string[];
  /** Reasoning text (thinking, summaries); redacted or encrypted reasoning has none. */
  reasoning: string[];
  assistant: AssistantPart[];
  toolCalls: ModelToolCall[];
  /** Error results for the calls no tool can take. */
  refused: ToolModelMessage['content'];
}

/**
 * The model's answer as llm-do keeps it: its text, the assistant message (provider metadata kept as
 * the provider options a later request sends back: signatures, item ids), the calls to run and the
 * invalid calls' answers.
 */
function readAnswer(content: readonly LanguageModelV4Content[], declared: readonly ToolDeclaration[]): ReadAnswer {
  const answer: ReadAnswer = { text: '', commentary: [], reasoning: [], assistant: [], toolCalls: [], refused: [] };
  const names = () => declared.map((tool) => tool.name).join(', ') || 'none';
  for (const part of content) {
    const providerOptions = 'providerMetadata' in part && part.providerMetadata ? { providerOptions: part.providerMetadata } : {};
    switch (part.type) {
      case 'text':
        if (isCommentary(part.providerMetadata)) answer.commentary.push(part.text);
        else answer.text += part.text;
        answer.assistant.push({ type: 'text', text: part.text, ...providerOptions });
        break;
      case 'reasoning':
        if (part.text !== '') answer.reasoning.push(part.text);
        answer.assistant.push({ type: 'reasoning', text: part.text, ...providerOptions });
        break;
      case 'tool-call': {
        const parsed = parseInput(part.input);
        const input = parsed.ok ? parsed.value : part.input;
        answer.assistant.push({
          type: 'tool-call',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input,
          ...(part.providerExecuted ? { providerExecuted: true } : {}),
          ...providerOptions,
        });
        if (part.providerExecuted) break;
        const known = declared.some((tool) => tool.name === part.toolName);
        const error = !known
          ? `Model tried to call unavailable tool '${part.toolName}'. Available tools: ${names()}.`
          : !parsed.ok
            ? `Invalid input for tool ${part.toolName}: ${parsed.error}`
            : undefined;
        if (error === undefined) answer.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input });
        else answer.refused.push({ type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output: { type: 'error-text', value: error } });
        break;
      }
      case 'tool-result': {
        answer.assistant.push({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: providerResultOutput(part.result, part.isError),
          ...providerOptions,
        } as AssistantPart);
        break;
      }
      default:
        // Files, sources and other provider content: kept for later requests as it came.
        if (part.type === 'file' || part.type === 'reasoning-file' || part.type === 'custom') answer.assistant.push(part as unknown as AssistantPart);
    }
  }
  return answer;
}

/** A non-streamed answer's reasoning and commentary, reported as a stream reports them (all at once). */
function reportThoughts(content: readonly LanguageModelV4Content[], emit: (body: CallEventBody) => void): void {
  for (const part of content) {
    if (part.type === 'reasoning') emit({ type: 'reasoning_delta', text: part.text });
    else if (part.type === 'text' && part.text !== '' && isCommentary(part.providerMetadata)) emit({ type: 'commentary', text: part.text });
  }
}

/** `model_step`'s stop reason fields. */
function finishFields(finish: StepFinish) {
  return {
    finish_reason: finish.reason,
    ...(finish.raw === undefined ? {} : { provider_finish_reason: finish.raw }),
    ...(finish.detail === undefined ? {} : { finish_detail: finish.detail }),
  };
}

/** `model_step`'s commentary, reasoning and reasoning tokens, each only when there is some. */
function thoughtFields(answer: ReadAnswer, usage: LanguageModelV4Usage) {
  const reasoningTokens = usage.outputTokens.reasoning;
  return {
    ...(answer.commentary.length > 0 ? { commentary: answer.commentary.join('\n\n') } : {}),
    ...(answer.reasoning.length > 0 ? { reasoning: answer.reasoning.join('\n\n') } : {}),
    ...(reasoningTokens ? { reasoning_tokens: reasoningTokens } : {}),
  };
}

/**
 * The searches a provider ran for an answer and bills apart: Anthropic's count
 * (`usage.server_tool_use.web_search_requests`), Google Search grounding's queries, else the
 * `web_search` calls seen (OpenAI bills each).
 */
function searchesOf(usage: LanguageModelV4Usage, providerMetadata: SharedV4ProviderMetadata | undefined, tools: ProviderToolReporter): number {
  const reported = (usage.raw as { server_tool_use?: { web_search_requests?: unknown } } | undefined)?.server_tool_use?.web_search_requests;
  if (typeof reported === 'number') return reported;
  const grounding = (providerMetadata?.google as { groundingMetadata?: { webSearchQueries?: unknown } } | undefined)?.groundingMetadata?.webSearchQueries;
  return Array.isArray(grounding) ? grounding.length : tools.searches;
}

/** The model steps of one call: they share its prompt recorder (each prompt a delta of the last), its converted prompt and its request signal. */
export function createModelStepper(options: ModelStepperOptions): ModelStep {
  const { ctx, worker, identity, system, outputSchema } = options;
  const workerId = worker.definition.id;
  let offered: { from: readonly ToolDeclaration[]; tools: LanguageModelV4CallOptions['tools']; names: string[] } | undefined;
  const stepTools = () => {
    const from = options.tools();
    if (offered?.from !== from) {
      const all = [...from, ...providerTools(from, worker.definition.config.provider_tools ?? [], workerId)];
      offered = { from, tools: all.length > 0 ? all : undefined, names: all.map((tool) => tool.name) };
    }
    return offered;
  };
  // After a `fallback_models` switch, the model that serves the steps: named in events and priced.
  const servedBy = () => servingModelId(worker.model, worker.modelId);
  const emit = emitterFor(ctx, identity);
  const { now, usage } = ctx.services;
  const systemSha256 = sha256Hex(system);
  // This call's own signal, so the run's shared retrying models can say which call a retry serves.
  const abortSignal = AbortSignal.any([ctx.signal]);
  ctx.resources.requests.set(abortSignal, {
    ...identity,
    get model() {
      return servedBy();
    },
  });
  // An entry call (a chat turn's) goes on from the last request of the turn before, when it extends it.
  const entry = identity.parent_call_id === null;
  const describePrompt = createPromptRecorder(entry ? ctx.resources.rootPrompt.last : undefined);
  // Counted when the response arrives, reported with its step (or when the step fails).
  let responseUsage: (RequestUsage & { model: string; web_search_requests?: number }) | undefined;
  const countUsage = (reported: LanguageModelV4Usage, providerMetadata: SharedV4ProviderMetadata | undefined, tools: ProviderToolReporter) => {
    const model = servedBy();
    const searches = searchesOf(reported, providerMetadata, tools);
    responseUsage = { model, ...usage.add(workerId, model, reported, searches), ...(searches > 0 ? { web_search_requests: searches } : {}) };
  };
  // A stream restarted after a failure: the failed attempt's usage counts, and the display is told.
  const restarted = (restart: StreamRestart) => {
    const model = servedBy();
    if (restart.usage) emit({ type: 'usage', model, ...usage.add(workerId, model, restart.usage) });
    emit(modelRetryBody(model, restart));
  };
  const reportUsage = () => {
    if (responseUsage) emit({ type: 'usage', ...responseUsage });
    responseUsage = undefined;
  };
  const settings = stepSettings(ctx, worker, emit);
  const promptCache = settings.promptCache ? anthropicPromptCache() : undefined;
  // Within a call the history only grows: a step converts only what was added since the last one.
  // The engine passes the call's own message list, which only grows by `push`, so the same list, no
  // shorter, is known unchanged without comparing its messages (docs/performance.md, "Long runs").
  const prompt: LanguageModelV4Message[] = [{ role: 'system', content: system }];
  let converted: { messages: readonly ModelMessage[]; count: number } = { messages: [], count: 0 };
  const promptOf = (messages: readonly ModelMessage[]): LanguageModelV4Message[] => {
    const { messages: before, count } = converted;
    const grown = messages.length >= count && (messages === before || before.slice(0, count).every((message, index) => messages[index] === message));
    const from = grown ? count : 0;
    if (!grown) prompt.length = 1;
    for (const message of toProviderMessages(messages.slice(from))) prompt.push(message);
    converted = { messages, count: messages.length };
    return prompt.slice();
  };

  const send = async (request: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> => {
    const model = worker.model;
    const sent = promptCache ? await promptCache.transformParams!({ type: ctx.config.stream ? 'stream' : 'generate', params: request, model }) : request;
    const tools = createProviderToolReporter(emit, now);
    if (!ctx.config.stream) {
      const result = await model.doGenerate(sent);
      for (const part of result.content) if (part.type === 'tool-call' || part.type === 'tool-result') tools.take(part);
      countUsage(result.usage, result.providerMetadata, tools);
      reportThoughts(result.content, emit);
      return result;
    }
    const { stream, request: sentRequest, response } = await model.doStream(sent);
    const gathered = createStreamGatherer({
      onTextDelta: (text) => emit({ type: 'text_delta', text }),
      onReasoning: (text) => emit({ type: 'reasoning_delta', text }),
      onCommentary: (text) => emit({ type: 'commentary', text }),
      onUsage: (reported, providerMetadata) => countUsage(reported, providerMetadata, tools),
      onProviderTool: (part) => tools.take(part),
      onRestart: restarted,
    });
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        gathered.add(value);
      }
    } finally {
      gathered.flushText();
      reader.releaseLock();
    }
    return gathered.result({ ...(sentRequest ? { request: sentRequest } : {}), ...(response ? { response } : {}) });
  };

  return async (messages, step) => {
    const started = now();
    const { from: declared, tools, names: toolNames } = stepTools();
    emit({ type: 'model_request', model: servedBy(), step, system_sha256: await systemSha256, message_count: messages.length, tools: toolNames });
    settings.warn();
    try {
      const request: LanguageModelV4CallOptions = {
        prompt: promptOf(messages),
        ...(tools ? { tools, toolChoice: { type: 'auto' } } : {}),
        ...(outputSchema ? { responseFormat: { type: 'json', schema: outputSchema as never, name: 'answer' } } : {}),
        ...settings.call,
        abortSignal,
      };
      // The cache marks go on after this: `model_prompt` records the prompt, not the marks.
      emit({ type: 'model_prompt', model: servedBy(), step, ...describePrompt(request) });
      if (entry) ctx.resources.rootPrompt.last = describePrompt.baseFor({ run_id: identity.run_id, call_id: identity.call_id, step });
      const result = await send(request);
      settings.warn(result.warnings);
      const answer = readAnswer(result.content, declared);
      const finish = finishOf(result.finishReason, result.providerMetadata);
      const sources = answerSources(result.content);
      emit({
        type: 'model_step',
        model: servedBy(),
        step,
        ...finishFields(finish),
        text: answer.text,
        ...thoughtFields(answer, result.usage),
        tool_calls: answer.toolCalls.length + answer.refused.length,
        input_tokens: result.usage.inputTokens.total ?? 0,
        output_tokens: result.usage.outputTokens.total ?? 0,
        duration_ms: now() - started,
        ...(sources.length > 0 ? { sources } : {}),
      });
      const responseMessages: ModelMessage[] = answer.assistant.length > 0 ? [{ role: 'assistant', content: answer.assistant }] : [];
      if (answer.refused.length > 0) responseMessages.push({ role: 'tool', content: answer.refused });
      const { inputTokens, outputTokens } = result.usage;
      const tokens = { total: (inputTokens.total ?? 0) + (outputTokens.total ?? 0), cached: (inputTokens.cacheRead ?? 0) + (inputTokens.cacheWrite ?? 0) };
      return { text: answer.text, finish, toolCalls: answer.toolCalls, responseMessages, tokens };
    } catch (error) {
      if (LlmDoError.isInstance(error)) throw error;
      throw toModelError(error, { worker: workerId, model: servedBy(), signal: ctx.signal });
    } finally {
      reportUsage();
    }
  };
}
