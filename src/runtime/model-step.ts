/**
 * One model step of a worker call over the AI SDK: one request (streamed or not), its events
 * (`model_request`, `model_prompt`, `text_delta`, `model_step`, `usage`) and what the model answered.
 * Tools are declared without `execute`, so the SDK never runs them: the engine does (`engine.ts`).
 * Retries live in the models layer's fetch, so the SDK's own retries are off.
 */
import { generateText, wrapLanguageModel, type ModelMessage, type OutputInterface, type ToolSet, type TypedToolCall } from 'ai';
import { LlmDoError } from '../errors.ts';
import type { JsonSchemaObject } from '../worker/json-schema.ts';
import { anthropicPromptCache } from '../models/anthropic-prompt-cache.ts';
import { toModelError } from '../models/model-error.ts';
import type { CallIdentity, RequestUsage } from './events.ts';
import { meteredStep } from './metered-step.ts';
import { createPromptRecorder } from './model-prompt.ts';
import { createPromptPrefix } from './prompt-prefix.ts';
import type { PreparedWorker, RunContext } from './run-context.ts';
import { emitterFor } from './run-scope.ts';
import { sha256Hex } from './sha256.ts';
import { stepSettings } from './step-settings.ts';

export interface ModelStepperOptions {
  ctx: RunContext;
  worker: PreparedWorker;
  identity: CallIdentity;
  system: string;
  /** Declarations only (no `execute`). */
  tools: ToolSet;
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
 * answer ourselves so an invalid one can be sent back once with the errors (SPEC §5).
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

/** The model steps of one call: they share its prompt recorder (each prompt a delta of the last) and its request signal. */
export function createModelStepper(options: ModelStepperOptions): ModelStep {
  const { ctx, worker, identity, system, tools, outputSchema } = options;
  const workerId = worker.definition.id;
  const emit = emitterFor(ctx, identity);
  const { now, usage } = ctx.services;
  const systemSha256 = sha256Hex(system);
  const toolNames = Object.keys(tools);
  // This call's own signal, so the run's shared retrying fetch can say which call a retry serves.
  const abortSignal = AbortSignal.any([ctx.signal]);
  ctx.state.requests.set(abortSignal, { ...identity, model: worker.modelId });
  const describePrompt = createPromptRecorder();
  let stepNumber = 0;
  // Counted when the response arrives, reported with its step (or when the step fails).
  let responseUsage: RequestUsage | undefined;
  const prefix = createPromptPrefix();
  const settings = stepSettings(ctx, worker, emit);
  const metered = meteredStep(
    {
      onRequest: (request) => emit({ type: 'model_prompt', model: worker.modelId, step: stepNumber, ...describePrompt(request) }),
      onUsage: (reported) => {
        responseUsage = usage.add(workerId, worker.modelId, reported);
      },
      onTextDelta: (text) => emit({ type: 'text_delta', text }),
    },
    ctx.config.stream,
  );
  // The cache marks go on inside the meter: `model_prompt` records the prompt, not the marks.
  const middleware = settings.promptCache ? [prefix.middleware, metered, anthropicPromptCache()] : [prefix.middleware, metered];
  const model = wrapLanguageModel({ model: worker.model, middleware });
  const reportUsage = () => {
    if (responseUsage) emit({ type: 'usage', model: worker.modelId, ...responseUsage });
    responseUsage = undefined;
  };

  return async (messages, step) => {
    stepNumber = step;
    const started = now();
    emit({ type: 'model_request', model: worker.modelId, step, system_sha256: await systemSha256, message_count: messages.length, tools: toolNames });
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
      emit({
        type: 'model_step',
        model: worker.modelId,
        step,
        finish_reason: answer.finishReason,
        text: answer.text,
        tool_calls: answer.toolCalls.length,
        input_tokens: answer.usage.inputTokens ?? 0,
        output_tokens: answer.usage.outputTokens ?? 0,
        duration_ms: now() - started,
      });
      return {
        text: answer.text,
        finishReason: answer.finishReason,
        toolCalls: answer.toolCalls.filter((call) => !call.invalid && !call.providerExecuted),
        responseMessages: answer.response.messages,
      };
    } catch (error) {
      if (LlmDoError.isInstance(error)) throw error;
      throw toModelError(error, { worker: workerId, model: worker.modelId, signal: ctx.signal });
    } finally {
      reportUsage();
    }
  };
}
