/**
 * One worker's model loop over the AI SDK: requests, tool steps (parallel calls in a step run
 * concurrently), streaming text, per-step events and usage. Retries live in the models layer's
 * fetch, so the SDK's own retries are off.
 */
import { generateText, stepCountIs, streamText, type ModelMessage, type OutputInterface, type StepResult, type ToolSet } from 'ai';
import { LlmDoError } from '../errors.ts';
import type { JsonSchemaObject } from '../worker/json-schema.ts';
import { toModelError } from '../models/model-error.ts';
import type { CallIdentity, RequestUsage } from './events.ts';
import { meteredModel } from './metered-model.ts';
import { createPromptRecorder } from './model-prompt.ts';
import type { PreparedWorker, RunContext } from './run-context.ts';
import { emitterFor } from './run-scope.ts';

export interface ModelLoopOptions {
  ctx: RunContext;
  worker: PreparedWorker;
  identity: CallIdentity;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  maxSteps: number;
  /** JSON Schema the final answer must follow (sent as the provider's structured-output format). */
  outputSchema: JsonSchemaObject | undefined;
}

export interface ModelLoopResult {
  /** The last step's text: the worker's answer. */
  text: string;
  /** Finish reason of the last step (`tool-calls` means the step cap cut the loop). */
  finishReason: string;
  steps: number;
  /** Assistant and tool messages the loop produced, to append to the history. */
  responseMessages: ModelMessage[];
}

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

/** Runs the loop until a final answer or the step cap. Provider failures become ModelError. */
export async function runModelLoop(options: ModelLoopOptions): Promise<ModelLoopResult> {
  const { ctx, worker, identity, system, messages, tools, maxSteps, outputSchema } = options;
  const workerId = worker.definition.id;
  const emit = emitterFor(ctx, identity);
  const { now, usage } = ctx.services;
  let stepStarted = now();
  let stepNumber = 0;
  const systemSha256 = await sha256Hex(system);
  const toolNames = Object.keys(tools);
  // This loop's own signal, so the run's shared retrying fetch can say which call a retry serves.
  const abortSignal = AbortSignal.any([ctx.signal]);
  ctx.state.requests.set(abortSignal, { ...identity, model: worker.modelId });

  // Counted when the response arrives (kept if the run stops during the step's tool calls), reported with its step.
  let responseUsage: RequestUsage | undefined;
  const describePrompt = createPromptRecorder();
  const model = meteredModel(worker.model, {
    onRequest: (request) => emit({ type: 'model_prompt', model: worker.modelId, step: stepNumber, ...describePrompt(request) }),
    onUsage: (reported) => {
      responseUsage = usage.add(workerId, worker.modelId, reported);
    },
  });
  const settings = {
    model,
    system,
    messages,
    tools,
    stopWhen: stepCountIs(maxSteps),
    maxRetries: 0,
    abortSignal,
    providerOptions: { 'llm-do': { worker: workerId } },
    ...(outputSchema ? { output: jsonAnswerFormat(outputSchema) } : {}),
    prepareStep: ({ stepNumber: index, messages: sent }: { stepNumber: number; messages: ModelMessage[] }) => {
      stepNumber = index + 1;
      stepStarted = now();
      emit({ type: 'model_request', model: worker.modelId, step: stepNumber, system_sha256: systemSha256, message_count: sent.length, tools: toolNames });
      return undefined;
    },
    onStepFinish: (step: StepResult<ToolSet>) => {
      emit({
        type: 'model_step',
        model: worker.modelId,
        step: stepNumber,
        finish_reason: step.finishReason,
        text: step.text,
        tool_calls: step.toolCalls.length,
        input_tokens: step.usage.inputTokens ?? 0,
        output_tokens: step.usage.outputTokens ?? 0,
        duration_ms: now() - stepStarted,
      });
      reportUsage();
    },
  };
  const reportUsage = () => {
    if (responseUsage) emit({ type: 'usage', model: worker.modelId, ...responseUsage });
    responseUsage = undefined;
  };

  try {
    if (!ctx.config.stream) {
      const result = await generateText(settings);
      return {
        text: result.text,
        finishReason: result.finishReason,
        steps: result.steps.length,
        responseMessages: result.response.messages,
      };
    }
    let streamError: unknown;
    const result = streamText({ ...settings, onError: ({ error }) => void (streamError ??= error) });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta' && part.text.length > 0) {
        emit({ type: 'text_delta', text: part.text });
      } else if (part.type === 'error') {
        streamError ??= part.error;
      }
    }
    if (streamError !== undefined) throw streamError;
    const [steps, response] = await Promise.all([result.steps, result.response]);
    const last = steps[steps.length - 1];
    return {
      text: last?.text ?? '',
      finishReason: last?.finishReason ?? 'other',
      steps: steps.length,
      responseMessages: response.messages,
    };
  } catch (error) {
    if (LlmDoError.isInstance(error)) throw error;
    throw toModelError(error, { worker: workerId, model: worker.modelId, signal: ctx.signal });
  } finally {
    // A step cut short (abort, failure) still reports the usage of the response it got.
    reportUsage();
  }
}

/** Web Crypto rather than `node:crypto`, so the runtime stays portable (SPEC §22). */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
