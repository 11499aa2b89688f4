/**
 * Provider-side tools (`provider_tools: [web_search]`, docs/models.md) on the wire. The runtime declares
 * each one once, as an AI SDK provider tool with a neutral id (`llm-do.web_search`); the model of
 * each provider maps it to that provider's own tool from its AI SDK package. So a model of a
 * `fallback_models` chain on another provider is sent its own kind of tool for the same request,
 * and the answer's tool name (`web_search`) is the one the runtime declared.
 */
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { Tool } from 'ai';
import type { ProviderToolName } from '../worker-file/schema.ts';

/** The provider package's own tools (`anthropic.tools.webSearch_20250305()`) by llm-do name. */
export type NativeProviderTools = Readonly<Partial<Record<ProviderToolName, Tool>>>;

const NEUTRAL_PREFIX = 'llm-do.';

/** The neutral id the runtime declares `name` with. */
export function neutralProviderToolId(name: ProviderToolName): `llm-do.${ProviderToolName}` {
  return `${NEUTRAL_PREFIX}${name}`;
}

/**
 * `model` with each neutrally declared provider tool of a request replaced by the provider's own.
 * A tool the provider does not have is an error here (planning refuses it before any request).
 */
export function withProviderTools(model: LanguageModelV4, native: NativeProviderTools): LanguageModelV4 {
  const adapt = (options: LanguageModelV4CallOptions): LanguageModelV4CallOptions => {
    if (!options.tools?.some((tool) => tool.type === 'provider' && tool.id.startsWith(NEUTRAL_PREFIX))) return options;
    const tools = options.tools.map((tool) => {
      if (tool.type !== 'provider' || !tool.id.startsWith(NEUTRAL_PREFIX)) return tool;
      const name = tool.id.slice(NEUTRAL_PREFIX.length) as ProviderToolName;
      const own = native[name];
      if (own?.type !== 'provider') throw new Error(`provider tool ${name} is not available on ${model.provider}`);
      return { ...tool, id: own.id, args: own.args };
    });
    return { ...options, tools };
  };
  return {
    specificationVersion: 'v4',
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return model.supportedUrls;
    },
    doGenerate: (options) => model.doGenerate(adapt(options)),
    doStream: (options) => model.doStream(adapt(options)),
  };
}
