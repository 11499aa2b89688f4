/**
 * One model step of a worker call over the AI SDK: one request (streamed or not), its events
 * (`model_request`, `model_prompt`, `text_delta`, `model_step`, `usage`) and what the model answered.
 * Tools are declared without `execute`, so the SDK never runs them: the engine does (`engine.ts`).
 * Retries live in the models layer's fetch, so the SDK's own retries are off.
 */
import { generateText, wrapLanguageModel } from 'ai';
import { LlmDoError } from "../errors.js";
import { toModelError } from "../models/model-error.js";
import { meteredStep } from "./metered-step.js";
import { createPromptRecorder } from "./model-prompt.js";
import { createPromptPrefix } from "./prompt-prefix.js";
import { emitterFor } from "./run-scope.js";
import { sha256Hex } from "./sha256.js";
/**
 * Asks the provider for JSON matching `schema` without letting the SDK parse it: we validate the
 * answer ourselves so an invalid one can be sent back once with the errors (SPEC §5).
 */
function jsonAnswerFormat(schema) {
    return {
        name: 'object',
        responseFormat: Promise.resolve({ type: 'json', schema: schema, name: 'answer' }),
        parseCompleteOutput: async ({ text }) => text,
        parsePartialOutput: async ({ text }) => ({ partial: text }),
        createElementStreamTransform: () => undefined,
    };
}
/** The model steps of one call: they share its prompt recorder (each prompt a delta of the last) and its request signal. */
export function createModelStepper(options) {
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
    let responseUsage;
    const prefix = createPromptPrefix();
    const metered = meteredStep({
        onRequest: (request) => emit({ type: 'model_prompt', model: worker.modelId, step: stepNumber, ...describePrompt(request) }),
        onUsage: (reported) => {
            responseUsage = usage.add(workerId, worker.modelId, reported);
        },
        onTextDelta: (text) => emit({ type: 'text_delta', text }),
    }, ctx.config.stream);
    const model = wrapLanguageModel({ model: worker.model, middleware: [prefix.middleware, metered] });
    const reportUsage = () => {
        if (responseUsage)
            emit({ type: 'usage', model: worker.modelId, ...responseUsage });
        responseUsage = undefined;
    };
    return async (messages, step) => {
        stepNumber = step;
        const started = now();
        emit({ type: 'model_request', model: worker.modelId, step, system_sha256: await systemSha256, message_count: messages.length, tools: toolNames });
        try {
            const answer = await generateText({
                model,
                system,
                messages: prefix.unsent(messages),
                tools,
                maxRetries: 0,
                abortSignal,
                providerOptions: { 'llm-do': { worker: workerId } },
                ...(outputSchema ? { output: jsonAnswerFormat(outputSchema) } : {}),
            });
            prefix.commit(messages.length);
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
        }
        catch (error) {
            if (LlmDoError.isInstance(error))
                throw error;
            throw toModelError(error, { worker: workerId, model: worker.modelId, signal: ctx.signal });
        }
        finally {
            reportUsage();
        }
    };
}
