/**
 * One model step of a worker call over the AI SDK: one request (streamed or not), its events
 * (`model_request`, `model_prompt`, `text_delta`, `model_step`, `usage`) and what the model answered.
 * Tools are declared without `execute`, so the SDK never runs them: the engine does (`engine.ts`).
 * `provider_tools` are declared here too, and run by the provider during the step: they are reported
 * as `tool_call`/`tool_result` events with `provider_executed: true`, never run nor gated here.
 * Retries live in the models layer's fetch, so the SDK's own retries are off.
 */
import {
  generateText,
  jsonSchema,
  modelMessageSchema,
  wrapLanguageModel,
  type ContentPart,
  type ModelMessage,
  type OutputInterface,
  type ToolSet,
  type TypedToolCall,
} from 'ai';
import { isRecursiveSchema } from 'zod/v4/core';
import { LlmDoError, ProjectError } from '../errors.ts';
import type { ProviderToolName } from '../worker-file/schema.ts';
import type { JsonSchemaObject } from '../worker-file/json-schema.ts';
import { anthropicPromptCache } from '../models/anthropic-prompt-cache.ts';
import { servingModelId } from '../models/fallback-model.ts';
import { toModelError } from '../models/model-error.ts';
import { neutralProviderToolId } from '../models/provider-tools.ts';
import type { CallEventBody, CallIdentity, RequestUsage } from './events.ts';
import { meteredStep } from './metered-step.ts';
import { createPromptRecorder } from './model-prompt.ts';
import { createPromptPrefix } from './prompt-prefix.ts';
import type { PreparedWorker, RunContext } from './run-context.ts';
import { emitterFor } from './run-scope.ts';
import { sha256Hex } from '../crypto.ts';
import { stepSettings } from './step-settings.ts';

export interface ModelStepperOptions {
  ctx: RunContext;
  worker: PreparedWorker;
  identity: CallIdentity;
  system: string;
  /** Declarations only (no `execute`), as of each step: `worker_create` can add one during a call. */
  tools: () => ToolSet;
  /** JSON Schema the final answer must follow (sent as the provider's structured-output format). */
  outputSchema: JsonSchemaObject | undefined;
}

export interface ModelStepResult {
  text: string;
  finishReason: string;
  /** Tool calls the engine must run: the SDK already answered the invalid ones (unknown tool, bad JSON) in `responseMessages`. */
  toolCalls: TypedToolCall<ToolSet>[];
  /** The assistant message, and a tool message if the SDK answered invalid calls. */
  responseMessages: ModelMessage[];
}

/** Sends `messages` as step `step` and returns the answer. Provider failures become ModelError. */
export type ModelStep = (messages: ModelMessage[], step: number) => Promise<ModelStepResult>;

/**
 * Asks the provider for JSON matching `schema` without letting the SDK parse it: we validate the
 * answer ourselves so an invalid one can be sent back once with the errors (docs/worker-format.md).
 */
function jsonAnswerFormat(schema: JsonSchemaObject): OutputInterface<string, string, never> {
  return {
    name: 'object',
    responseFormat: Promise.resolve({ type: 'json', schema: schema as never, name: 'answer' }),
    parseCompleteOutput: async ({ text }: { text: string }) => text,
    parsePartialOutput: async ({ text }: { text: string }) => ({ partial: text }),
    createElementStreamTransform: () => undefined,
  };
}

/**
 * `tools` with the worker's `provider_tools` declared under their own names, with a neutral id each
 * provider's model maps to its own tool (`models/provider-tools.ts`).
 */
function withProviderTools(tools: ToolSet, names: readonly ProviderToolName[], workerId: string): ToolSet {
  if (names.length === 0) return tools;
  const offered: ToolSet = { ...tools };
  for (const name of names) {
    if (Object.hasOwn(tools, name)) {
      throw new ProjectError(
        'invalid-field',
        `provider_tools: ${name} of worker ${workerId} has the name of one of its other tools; rename that tool or leave ${name} out`,
        { field: 'provider_tools' },
      );
    }
    offered[name] = { type: 'provider', id: neutralProviderToolId(name), args: {}, inputSchema: jsonSchema({ type: 'object' }) };
  }
  return offered;
}

/** Events of the tool calls the provider ran during a step: the call, then its result. */
function providerExecutedEvents(content: readonly ContentPart<ToolSet>[]): CallEventBody[] {
  const events: CallEventBody[] = [];
  for (const part of content) {
    if (part.type === 'tool-call' && part.providerExecuted) {
      events.push({ type: 'tool_call', tool: part.toolName, tool_call_id: part.toolCallId, args: part.input, provider_executed: true });
    } else if (part.type === 'tool-result' && part.providerExecuted) {
      events.push({
        type: 'tool_result',
        tool: part.toolName,
        tool_call_id: part.toolCallId,
        ok: true,
        result: part.output,
        duration_ms: 0,
        provider_executed: true,
      });
    } else if (part.type === 'tool-error' && part.providerExecuted) {
      const error = typeof part.error === 'string' ? part.error : JSON.stringify(part.error);
      events.push({ type: 'tool_result', tool: part.toolName, tool_call_id: part.toolCallId, ok: false, error, duration_ms: 0, provider_executed: true });
    }
  }
  return events;
}

/** Anthropic's count of the searches it ran (`usage.server_tool_use.web_search_requests`), if any. */
function webSearchRequestsOf(raw: unknown): number | undefined {
  const count = (raw as { server_tool_use?: { web_search_requests?: unknown } } | undefined)?.server_tool_use?.web_search_requests;
  return typeof count === 'number' && count > 0 ? count : undefined;
}

/**
 * The AI SDK validates a call's messages with a new `z.array(modelMessageSchema)` each time, and zod
 * walks the whole schema on a new schema's first parse to learn whether it can recurse, keeping no
 * answer below a `z.lazy` it has not resolved: ~430 nodes per model call. Asked once with the lazies
 * resolved, zod keeps the answer of every node, and the walk stops at the array's element.
 */
function settleMessageSchema(): void {
  isRecursiveSchema(modelMessageSchema);
}

/** The model steps of one call: they share its prompt recorder (each prompt a delta of the last) and its request signal. */
export function createModelStepper(options: ModelStepperOptions): ModelStep {
  settleMessageSchema();
  const { ctx, worker, identity, system, outputSchema } = options;
  const workerId = worker.definition.id;
  let offered: { from: ToolSet; tools: ToolSet; names: string[] } | undefined;
  const stepTools = () => {
    const from = options.tools();
    if (offered?.from !== from) {
      const tools = withProviderTools(from, worker.definition.config.provider_tools ?? [], workerId);
      offered = { from, tools, names: Object.keys(tools) };
    }
    return offered;
  };
  // After a `fallback_models` switch, the model that serves the steps: named in events and priced.
  const servedBy = () => servingModelId(worker.model, worker.modelId);
  const emit = emitterFor(ctx, identity);
  const { now, usage } = ctx.services;
  const systemSha256 = sha256Hex(system);
  // This call's own signal, so the run's shared retrying fetch can say which call a retry serves.
  const abortSignal = AbortSignal.any([ctx.signal]);
  ctx.state.requests.set(abortSignal, {
    ...identity,
    get model() {
      return servedBy();
    },
  });
  const describePrompt = createPromptRecorder();
  let stepNumber = 0;
  // Counted when the response arrives, reported with its step (or when the step fails).
  let responseUsage: (RequestUsage & { model: string; web_search_requests?: number }) | undefined;
  const prefix = createPromptPrefix();
  const settings = stepSettings(ctx, worker, emit);
  const metered = meteredStep(
    {
      onRequest: (request) => emit({ type: 'model_prompt', model: servedBy(), step: stepNumber, ...describePrompt(request) }),
      onUsage: (reported) => {
        const model = servedBy();
        const searches = webSearchRequestsOf(reported.raw);
        responseUsage = { model, ...usage.add(workerId, model, reported), ...(searches === undefined ? {} : { web_search_requests: searches }) };
      },
      onTextDelta: (text) => emit({ type: 'text_delta', text }),
    },
    ctx.config.stream,
  );
  // The cache marks go on inside the meter: `model_prompt` records the prompt, not the marks.
  const middleware = settings.promptCache ? [prefix.middleware, metered, anthropicPromptCache()] : [prefix.middleware, metered];
  const model = wrapLanguageModel({ model: worker.model, middleware });
  const reportUsage = () => {
    if (responseUsage) emit({ type: 'usage', ...responseUsage });
    responseUsage = undefined;
  };

  return async (messages, step) => {
    stepNumber = step;
    const started = now();
    const { tools, names: toolNames } = stepTools();
    emit({ type: 'model_request', model: servedBy(), step, system_sha256: await systemSha256, message_count: messages.length, tools: toolNames });
    settings.warn();
    try {
      const answer = await generateText({
        model,
        system,
        messages: prefix.unsent(messages),
        tools,
        maxRetries: 0,
        abortSignal,
        ...settings.call,
        ...(outputSchema ? { output: jsonAnswerFormat(outputSchema) } : {}),
      });
      prefix.commit(messages.length);
      settings.warn(answer.warnings);
      for (const event of providerExecutedEvents(answer.content)) emit(event);
      // The provider ran its own tools already; the engine runs the rest (the SDK answered the invalid ones).
      const localCalls = answer.toolCalls.filter((call) => !call.providerExecuted);
      emit({
        type: 'model_step',
        model: servedBy(),
        step,
        finish_reason: answer.finishReason,
        text: answer.text,
        tool_calls: localCalls.length,
        input_tokens: answer.usage.inputTokens ?? 0,
        output_tokens: answer.usage.outputTokens ?? 0,
        duration_ms: now() - started,
      });
      return {
        text: answer.text,
        finishReason: answer.finishReason,
        toolCalls: localCalls.filter((call) => !call.invalid),
        responseMessages: answer.response.messages,
      };
    } catch (error) {
      if (LlmDoError.isInstance(error)) throw error;
      throw toModelError(error, { worker: workerId, model: servedBy(), signal: ctx.signal });
    } finally {
      reportUsage();
    }
  };
}
