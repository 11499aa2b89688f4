/**
 * The fields of a worker file (docs/worker-format.md) and of the project manifest and library manifest (docs/project.md),
 * as zod schemas. Objects are strict: an unknown key is an error, which the loaders turn into a
 * message naming the nearest valid key.
 */
import { z } from 'zod';
import { ModelSettingsSchema } from './model-settings.ts';

/** How a tool call is gated: run without asking, ask first, or never offer/run. */
export const ApprovalRuleSchema = z.enum(['preApproved', 'ask', 'blocked']);
export type ApprovalRule = z.infer<typeof ApprovalRuleSchema>;

export const ApprovalModeSchema = z.enum(['interactive', 'approve_all', 'auto_deny']);
export type ApprovalMode = z.infer<typeof ApprovalModeSchema>;

/** Per-toolset approval config: `approval: { default: ask, tools: { write_file: preApproved } }`. */
export const ToolsetApprovalSchema = z.strictObject({
  default: ApprovalRuleSchema.optional(),
  tools: z.record(z.string().min(1), ApprovalRuleSchema).optional(),
});
export type ToolsetApproval = z.infer<typeof ToolsetApprovalSchema>;

const positiveInt = z.number().int().positive();
const nonEmptyString = z.string().min(1);

/** YAML `filesystem:` with no value means "enabled with defaults". */
function toolsetConfig<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null ? {} : value), z.union([z.literal(false), schema]));
}

export const FilesystemToolsetSchema = z.strictObject({
  approval: ToolsetApprovalSchema.optional(),
});

export const WorkersToolsetSchema = z.strictObject({
  /** Worker references or globs (`reports/*`) this worker may call. */
  allowed_workers: z.array(nonEmptyString).optional(),
  approval: ToolsetApprovalSchema.optional(),
});

export const CustomToolsetSchema = z.strictObject({
  /** Names of the discovered tools to offer; absent = all of them. */
  tools: z.array(nonEmptyString).optional(),
  approval: ToolsetApprovalSchema.optional(),
});

export const ShellRuleSchema = z.strictObject({
  /** A command prefix, matched word by word against argv: `git log` matches `git log --oneline`. */
  command: nonEmptyString,
  /**
   * What may follow the command: `any`, or glob patterns (`*`, `?`, `[...]`) each further argument
   * must match one of. Absent: nothing may follow (a `blocked` rule then blocks any arguments).
   */
  args: z.union([z.literal('any'), z.array(nonEmptyString)]).optional(),
  approval: ApprovalRuleSchema.optional(),
});

export const ShellToolsetSchema = z.strictObject({
  rules: z.array(ShellRuleSchema).optional(),
  /** `auto` (default): bubblewrap when it is installed and works here (Linux); `bwrap`: required; `none`: no OS isolation. */
  isolation: z.enum(['auto', 'bwrap', 'none']).optional(),
  /** Network access for commands under bubblewrap. @default false */
  network: z.boolean().optional(),
  /** Names of further environment variables passed to commands (beyond PATH, HOME, LANG, LC_*, TZ, TERM). */
  env: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'environment variable names use letters, digits and _, not starting with a digit')).optional(),
  /** What happens to a command no rule matches. */
  default: z.enum(['ask', 'blocked']).optional(),
  /** Virtual path of the working directory (a sandbox mount or a directory inside one). */
  cwd: nonEmptyString.optional(),
  timeout_ms: positiveInt.optional(),
  max_output_bytes: positiveInt.optional(),
  approval: ToolsetApprovalSchema.optional(),
});

/** `mcp:NAME`: the tools of the MCP server `NAME` of `mcp_servers` (docs/mcp.md). */
export const McpToolsetSchema = z.strictObject({
  /** Globs over the server's own tool names (`get-*`) selecting what is offered; absent = all. */
  tools: z.array(nonEmptyString).optional(),
  /** `tools:` keys are globs over the server's tool names; every MCP tool defaults to `ask`. */
  approval: ToolsetApprovalSchema.optional(),
});

/** `worker_factory`: `worker_create`, which makes workers at run time (docs/dynamic-workers.md); `ask` by default. */
export const WorkerFactoryToolsetSchema = z.strictObject({
  approval: ToolsetApprovalSchema.optional(),
});

/** MCP server names: they prefix tool names (`NAME__tool`), so letters, digits, _ and -. */
export const MCP_SERVER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const mcpServerName = z.string().regex(MCP_SERVER_NAME_PATTERN, 'MCP server names use letters, digits, _ and - (not starting with _ or -)');

/** Written `mcp:NAME` under `toolsets:`; checked (and merged) as `mcp: { NAME: ... }`. */
function nestMcpToolsets(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const nested: Record<string, unknown> = {};
  const servers: Record<string, unknown> = {};
  for (const [key, config] of Object.entries(value)) {
    if (key.startsWith('mcp:')) servers[key.slice(4)] = config;
    else nested[key] = config;
  }
  if (Object.keys(servers).length > 0) nested.mcp = { ...(nested.mcp as object | undefined), ...servers };
  return nested;
}

export const ToolsetsSchema = z.preprocess(
  nestMcpToolsets,
  z.strictObject({
    filesystem: toolsetConfig(FilesystemToolsetSchema).optional(),
    workers: toolsetConfig(WorkersToolsetSchema).optional(),
    custom: toolsetConfig(CustomToolsetSchema).optional(),
    shell: toolsetConfig(ShellToolsetSchema).optional(),
    worker_factory: toolsetConfig(WorkerFactoryToolsetSchema).optional(),
    mcp: z.record(mcpServerName, toolsetConfig(McpToolsetSchema)).optional(),
  }),
);
export type ToolsetsConfig = z.infer<typeof ToolsetsSchema>;
export type McpToolsetConfig = z.infer<typeof McpToolsetSchema>;
export type FilesystemToolsetConfig = z.infer<typeof FilesystemToolsetSchema>;
export type WorkersToolsetConfig = z.infer<typeof WorkersToolsetSchema>;
export type CustomToolsetConfig = z.infer<typeof CustomToolsetSchema>;
export type ShellToolsetConfig = z.infer<typeof ShellToolsetSchema>;
export type WorkerFactoryToolsetConfig = z.infer<typeof WorkerFactoryToolsetSchema>;

export const MountModeSchema = z.enum(['ro', 'rw']);

/** One named mount: `sandbox.paths.NAME`, visible to the model at `/NAME`. */
export const MountSchema = z.strictObject({
  /** Host directory, relative to the project root. */
  root: nonEmptyString,
  /** @default 'ro' */
  mode: MountModeSchema.optional(),
  /** Allowed file suffixes (`.md`, `.pdf`); absent = any. */
  suffixes: z.array(nonEmptyString).optional(),
  max_file_bytes: positiveInt.optional(),
});
export type MountConfig = z.infer<typeof MountSchema>;

export const MOUNT_NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

export const SandboxConfigSchema = z.strictObject({
  /** One directory mounted at `/` (a path, or a mount object to give mode and caps). */
  root: z.union([nonEmptyString, MountSchema]).optional(),
  paths: z.record(z.string().regex(MOUNT_NAME_PATTERN, 'mount names use letters, digits, _ . -'), MountSchema).optional(),
  /** Virtual path this worker (and everything it calls) is confined to. */
  restrict: nonEmptyString.optional(),
  /** No writes or deletes for this worker and everything it calls. */
  readonly: z.boolean().optional(),
});
export type SandboxConfig = z.infer<typeof SandboxConfigSchema>;

/** `schemas/pitch.json`, `schemas.ts:PitchInput`, or an inline JSON Schema object. */
export const SchemaRefSchema = z.union([nonEmptyString, z.record(z.string(), z.unknown())]);
export type SchemaRef = z.infer<typeof SchemaRefSchema>;

export const AttachmentPolicySchema = z.strictObject({
  /** @default 4 */
  max_attachments: z.number().int().nonnegative().optional(),
  /** @default 10 MB */
  max_total_bytes: positiveInt.optional(),
  allowed_suffixes: z.array(nonEmptyString).optional(),
  denied_suffixes: z.array(nonEmptyString).optional(),
});
export type AttachmentPolicy = z.infer<typeof AttachmentPolicySchema>;

export const ImportsSchema = z.strictObject({
  workers: z.array(nonEmptyString).optional(),
  tools: z.array(nonEmptyString).optional(),
});

const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * One MCP server (docs/mcp.md): a command started over stdio, or a Streamable HTTP `url`. `env` and
 * `headers` values may use `${VAR}` from the environment llm-do runs in (so secrets stay out of files).
 */
export const McpServerSchema = z
  .strictObject({
    command: nonEmptyString.optional(),
    args: z.array(z.string()).optional(),
    /** Variables set for the server besides PATH, HOME, USER, LOGNAME, SHELL, TERM (nothing else is inherited). */
    env: z.record(z.string().regex(ENV_NAME_PATTERN, 'environment variable names use letters, digits and _, not starting with a digit'), z.string()).optional(),
    /** Working directory of the command, relative to the project root. @default the project root */
    cwd: nonEmptyString.optional(),
    url: z.url().optional(),
    headers: z.record(nonEmptyString, z.string()).optional(),
    /** How long starting and initializing the server (and listing its tools) may take. @default 30000 */
    timeout_ms: positiveInt.optional(),
  })
  .superRefine((server, ctx) => {
    const problem = mcpServerShapeProblem(server);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  });
export type McpServerConfig = z.infer<typeof McpServerSchema>;

function mcpServerShapeProblem(server: {
  command?: string;
  url?: string;
  args?: unknown;
  env?: unknown;
  cwd?: unknown;
  headers?: unknown;
}): string | undefined {
  if (server.command !== undefined && server.url !== undefined) return 'an MCP server has either command (stdio) or url (Streamable HTTP), not both';
  if (server.command === undefined && server.url === undefined)
    return 'an MCP server needs command (stdio: command, args, env, cwd) or url (Streamable HTTP: url, headers)';
  const misplaced =
    server.url !== undefined
      ? (['args', 'env', 'cwd'] as const).find((key) => server[key] !== undefined)
      : server.headers !== undefined
        ? 'headers'
        : undefined;
  if (misplaced) return `${misplaced} is for ${misplaced === 'headers' ? 'url (Streamable HTTP) servers' : 'command (stdio) servers'} only`;
  return undefined;
}

/** `mcp_servers:` of the manifest and the user config, by name. */
export const McpServersSchema = z.record(mcpServerName, McpServerSchema);
export type McpServersConfig = z.infer<typeof McpServersSchema>;

/** `provider:model`, `test`, or an alias (`fast`) defined under `models:` in the manifest or the user config. */
const modelId = z.string().regex(/^[^\s:]+(:.+)?$/, 'expected provider:model, e.g. anthropic:claude-sonnet-4-5, test, or an alias');

/** Models tried in order when the chosen one fails after its retries (5xx, overloaded, model not found). */
const FallbackModelsSchema = z.array(modelId).min(1, 'fallback_models must list at least one model (leave the field out for none)');

/** Tools the provider runs on its own servers, declared by name (docs/models.md); which providers have each is the models layer's business. */
export const PROVIDER_TOOL_NAMES = ['web_search'] as const;
export type ProviderToolName = (typeof PROVIDER_TOOL_NAMES)[number];

/** What a worker does when its next model request would exceed its context budget (docs/worker-format.md, "context"). */
export const CONTEXT_OVERFLOW_ACTIONS = ['clear_tool_results', 'summarize', 'stop'] as const;
export type ContextOverflowAction = (typeof CONTEXT_OVERFLOW_ACTIONS)[number];

/** `context:`: the token budget of a worker's model requests and what keeps them within it. */
export const ContextPolicySchema = z.strictObject({
  /** The budget in tokens. @default the model's `context_window` in the model table */
  max_tokens: positiveInt.optional(),
  /** @default clear_tool_results */
  on_overflow: z.enum(CONTEXT_OVERFLOW_ACTIONS).optional(),
  /** Tool results (`clear_tool_results`) or messages (`summarize`) kept as they are, newest first. @default 3 */
  keep: z.number().int().nonnegative().optional(),
  /** The fraction of the budget a compaction brings a request down to, so that it happens in batches. @default 0.6 */
  low_water: z
    .number()
    .gt(0, 'low_water is a fraction of max_tokens, above 0 and below 1')
    .lt(1, 'low_water is a fraction of max_tokens, above 0 and below 1')
    .optional(),
  /** The model that writes the summary (`summarize`). @default the worker's model */
  summary_model: modelId.optional(),
});
export type ContextPolicyConfig = z.infer<typeof ContextPolicySchema>;

/** Every field a worker file may set (docs/worker-format.md). */
export const WorkerConfigSchema = z.strictObject({
  name: nonEmptyString,
  description: z.string().optional(),
  model: modelId.optional(),
  compatible_models: z.array(nonEmptyString).min(1, 'compatible_models must list at least one pattern (an empty list allows no model)').optional(),
  fallback_models: FallbackModelsSchema.optional(),
  mode: z.enum(['single', 'chat']).optional(),
  toolsets: ToolsetsSchema.optional(),
  sandbox: SandboxConfigSchema.optional(),
  schema_in: SchemaRefSchema.optional(),
  schema_out: SchemaRefSchema.optional(),
  attachment_policy: AttachmentPolicySchema.optional(),
  imports: ImportsSchema.optional(),
  /** @default 25 */
  max_steps: positiveInt.optional(),
  /** Alias of `context.max_tokens` (docs/worker-format.md); also the chat history budget. */
  max_context_tokens: positiveInt.optional(),
  context: ContextPolicySchema.optional(),
  /** An answer cut at the output token limit (`finish_reason: length`) is the answer, not a `truncated` error (docs/models.md, "Stop reasons"). @default false */
  accept_truncated: z.boolean().optional(),
  locked: z.boolean().optional(),
  /** Offers the worker the tool `ask_user(question)`: it may ask the person running it while it runs (docs/worker-format.md). */
  interactive: z.boolean().optional(),
  /** Sampling, output length, reasoning and caching of this worker's model requests (docs/models.md). */
  model_settings: ModelSettingsSchema.optional(),
  /** Provider-side tools (`web_search`) offered to the model; only where the provider has them. Not a manifest default: see docs/decisions.md. */
  provider_tools: z.array(z.enum(PROVIDER_TOOL_NAMES)).optional(),
  /** Only in `.yaml` workers; a `.worker` file's instructions are its body. */
  instructions: z.string().optional(),
});
export type WorkerConfig = z.infer<typeof WorkerConfigSchema>;
export const WORKER_FIELDS = Object.keys(WorkerConfigSchema.shape) as (keyof WorkerConfig)[];

export const ProviderConfigSchema = z.strictObject({
  base_url: z.url(),
  /** Environment variable holding the key; absent = no key sent. */
  api_key_env: nonEmptyString.optional(),
});

const usdPerMillion = z.number().nonnegative('prices are USD per million tokens, 0 or more');

/**
 * The price of one model, USD per million tokens. A cache price left out costs as much as `input`
 * (what OpenAI and Google charge for cache writes; a guess for a provider with no cache prices).
 * `web_search` is USD per search its provider runs for `provider_tools` (default: the bundled
 * table's price for the provider).
 */
export const ModelPriceSchema = z.strictObject({
  input: usdPerMillion,
  output: usdPerMillion,
  cache_read: usdPerMillion.optional(),
  cache_write: usdPerMillion.optional(),
  web_search: z.number().nonnegative('web_search is USD per search, 0 or more').optional(),
  /** Tokens the model takes in one request (prompt and answer): the default `context.max_tokens` of its workers. */
  context_window: positiveInt.optional(),
});
export type ModelPrice = z.infer<typeof ModelPriceSchema>;

/** `provider:model`, or `provider:*` for every model of a provider. */
export const PricedModelSchema = z.string().regex(/^[A-Za-z0-9_-]+:\S+$/, 'price keys are provider:model or provider:*, e.g. anthropic:claude-sonnet-4-5');

/** `prices:`: model prices that override or extend the bundled price table (docs/project.md). */
export const PricesSchema = z.record(PricedModelSchema, ModelPriceSchema);
export type Prices = z.infer<typeof PricesSchema>;

/** An alias name: a word without a colon, so it can never be mistaken for `provider:model`. */
export const MODEL_ALIAS_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** `models:`: aliases (`fast: anthropic:claude-haiku-4-5`); a value may name another alias. */
export const ModelAliasesSchema = z.record(
  z
    .string()
    .regex(MODEL_ALIAS_PATTERN, 'alias names use letters, digits, _ . - (no colon)')
    .refine((name) => name !== 'test', 'test is the built-in offline model and cannot be an alias'),
  modelId,
);
export type ModelAliases = z.infer<typeof ModelAliasesSchema>;

export const ProvidersSchema = z.record(z.string().regex(/^[A-Za-z0-9_-]+$/), ProviderConfigSchema);
export type ProvidersConfig = z.infer<typeof ProvidersSchema>;

/** `$LLM_DO_HOME/config.yaml` (docs/models.md): the user's defaults under every project's. */
export const UserConfigSchema = z.strictObject({
  /** Default model when neither `--model`, the worker, the manifest nor `LLM_DO_MODEL` names one. */
  model: modelId.optional(),
  models: ModelAliasesSchema.optional(),
  providers: ProvidersSchema.optional(),
  prices: PricesSchema.optional(),
  /** MCP servers every project may use; a project's server of the same name replaces one here. */
  mcp_servers: McpServersSchema.optional(),
});
export type UserConfig = z.infer<typeof UserConfigSchema>;

/** `utils` or `legal@2.0`. */
export const DependencySpecSchema = z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*(@[A-Za-z0-9_.+-]+)?$/, 'expected NAME or NAME@VERSION');

/** `project.yaml` / `llm-do.yaml` (docs/project.md). */
export const ManifestSchema = z.strictObject({
  name: nonEmptyString.optional(),
  version: nonEmptyString.optional(),
  description: z.string().optional(),
  /** @default 'main' */
  entry: nonEmptyString.optional(),
  model: modelId.optional(),
  fallback_models: FallbackModelsSchema.optional(),
  models: ModelAliasesSchema.optional(),
  dependencies: z.array(DependencySpecSchema).optional(),
  providers: ProvidersSchema.optional(),
  sandbox: SandboxConfigSchema.optional(),
  toolsets: ToolsetsSchema.optional(),
  approval: z.strictObject({ mode: ApprovalModeSchema.optional() }).optional(),
  delegation: z.strictObject({ max_depth: z.number().int().nonnegative().optional() }).optional(),
  workers: z
    .strictObject({
      root: nonEmptyString.optional(),
      include: z.array(nonEmptyString).optional(),
      exclude: z.array(nonEmptyString).optional(),
    })
    .optional(),
  templates: z.strictObject({ roots: z.array(nonEmptyString).optional() }).optional(),
  tools: z
    .strictObject({
      modules: z.array(nonEmptyString).optional(),
      allow_module_imports: z.boolean().optional(),
    })
    .optional(),
  exports: z.array(nonEmptyString).optional(),
  /** Defaults for every worker of the project (the worker file wins). */
  max_steps: positiveInt.optional(),
  attachment_policy: AttachmentPolicySchema.optional(),
  model_settings: ModelSettingsSchema.optional(),
  prices: PricesSchema.optional(),
  /** MCP servers its workers use as toolsets `mcp:NAME` (docs/mcp.md). */
  mcp_servers: McpServersSchema.optional(),
  /** `false`: runs of this project are not recorded in the run log (docs/runs.md). @default true */
  log: z.boolean().optional(),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** `lib.yaml` (docs/project.md). */
export const LibraryManifestSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/, 'library names use letters, digits, _ . -'),
  version: z.string().regex(/^[A-Za-z0-9_.+-]+$/, 'expected a version such as 1.0.0'),
  description: z.string().optional(),
  exports: z.array(nonEmptyString).optional(),
  dependencies: z.array(DependencySpecSchema).optional(),
});
export type LibraryManifest = z.infer<typeof LibraryManifestSchema>;
