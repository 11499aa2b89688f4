/**
 * The model configuration of a run or a check (docs/models.md): the user config
 * (`$LLM_DO_HOME/config.yaml`) under the project manifest, the manifest winning key by key.
 */
import type { Manifest, ModelAliases, Prices, ProvidersConfig, UserConfig } from '../worker-file/schema.ts';

/** Aliases, providers and prices from both sources, and the user's default model. */
export interface ModelConfig {
  aliases: ModelAliases;
  providers: ProvidersConfig;
  /** Price overrides, lowest precedence first (for `createPriceBook`). */
  priceLayers: (Prices | undefined)[];
  /** The user config's `model`: the default below `--model`, worker, manifest and `LLM_DO_MODEL`. */
  defaultModel: string | undefined;
}

/** Merges the user config and the manifest; the manifest's alias, provider or price of one name wins. */
export function mergeModelConfig(user: UserConfig | undefined, manifest: Manifest | undefined): ModelConfig {
  return {
    aliases: { ...user?.models, ...manifest?.models },
    providers: { ...user?.providers, ...manifest?.providers },
    priceLayers: [user?.prices, manifest?.prices],
    defaultModel: user?.model,
  };
}
