/**
 * `model_settings` of a worker or of the manifest (docs/models.md): sampling, output length, reasoning and
 * prompt caching, validated with their ranges. How each provider receives them is the models layer's
 * business (`models/call-settings.ts`).
 */
import { z } from 'zod';

const positiveInt = z.number().int().positive();
const nonEmptyString = z.string().min(1);

/** Names a provider: a built-in one or one of the manifest's `providers`. */
const providerName = z.string().regex(/^[A-Za-z0-9_-]+$/, 'provider names use letters, digits, _ and -, e.g. anthropic, openai, google, ollama');

/** A number in [min, max]; the message names the field and the range, whichever bound was crossed. */
function between(key: string, min: number, max: number) {
  const message = `model_settings.${key} must be between ${min} and ${max}`;
  return z.number().min(min, message).max(max, message);
}

/**
 * Provider options that make the provider run tools on its own servers (Anthropic's MCP connector,
 * its code-execution container): those calls would bypass llm-do's approvals and sandbox, and a
 * library worker could aim them at any server. Provider-side tools are declared apart (docs/models.md).
 */
const PROVIDER_SIDE_TOOLS: Readonly<Record<string, readonly string[]>> = { anthropic: ['mcpServers', 'container'] };

const ProviderOptionsSchema = z.record(providerName, z.record(z.string(), z.unknown())).superRefine((options, ctx) => {
  for (const [provider, keys] of Object.entries(PROVIDER_SIDE_TOOLS)) {
    for (const key of keys) {
      if (options[provider]?.[key] === undefined) continue;
      ctx.addIssue({
        code: 'custom',
        path: [provider, key],
        message: `model_settings.provider_options.${provider}.${key} is not allowed: it runs tools on the provider's side, outside llm-do's approvals and sandbox`,
      });
    }
  }
});

export const ModelSettingsSchema = z.strictObject({
  /** Sampling temperature, 0–2 (Anthropic accepts at most 1). */
  temperature: between('temperature', 0, 2).optional(),
  /** Nucleus sampling, 0–1. */
  top_p: between('top_p', 0, 1).optional(),
  /** Cap on output tokens of each model request. */
  max_tokens: positiveInt.optional(),
  /** Seed for repeatable sampling, where the provider has one. */
  seed: z.number().int().optional(),
  /** Text that ends the answer: one string or a list. */
  stop: z.union([nonEmptyString, z.array(nonEmptyString).min(1)]).optional(),
  /** How hard a reasoning model thinks. */
  reasoning: z.strictObject({ effort: z.enum(['low', 'medium', 'high']) }).optional(),
  /** A token budget for thinking (Anthropic: at least 1024). */
  thinking: z.strictObject({ budget_tokens: positiveInt }).optional(),
  /** Anthropic prompt caching: breakpoints on tools, system and the growing prefix. @default true */
  cache: z.boolean().optional(),
  /** Passed to the AI SDK's `providerOptions` as they are, keyed by provider name. */
  provider_options: ProviderOptionsSchema.optional(),
});
export type ModelSettings = z.infer<typeof ModelSettingsSchema>;
