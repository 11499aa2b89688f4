/**
 * A model that reports each request as it is sent (`model_prompt`: the provider-level prompt), and
 * each response's usage as soon as the provider sends it, so a step that fails or is cut short after
 * its response still counts (SPEC §16: usage so far is kept). Its stream also merges text deltas
 * that arrive together ({@link coalesceTextDeltas}).
 */
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { coalesceTextDeltas } from './coalesce-text.ts';

export interface ModelMeter {
  onRequest(options: LanguageModelV3CallOptions): void;
  onUsage(usage: LanguageModelV3Usage): void;
}

export function meteredModel(model: LanguageModelV3, { onRequest, onUsage }: ModelMeter): LanguageModelV3 {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v3',
      async wrapGenerate({ doGenerate, params }) {
        onRequest(params);
        const result = await doGenerate();
        onUsage(result.usage);
        return result;
      },
      async wrapStream({ doStream, params }) {
        onRequest(params);
        const { stream, ...rest } = await doStream();
        const reporting = new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
          transform(part, controller) {
            if (part.type === 'finish') onUsage(part.usage);
            controller.enqueue(part);
          },
        });
        return { ...rest, stream: stream.pipeThrough(reporting).pipeThrough(coalesceTextDeltas()) };
      },
    },
  });
}
