/**
 * The one preparation path of a worker (docs/security.md): `check` and `run` both plan a worker here, so
 * whatever `check` accepts `run` accepts, and they report the same problems before the first
 * request. Planning runs no project code: model choice, its provider and `compatible_models` (API
 * keys are a run's business: `check` may run elsewhere), sandbox mounts, schema refs (JSON files
 * read, module refs only located), templates (parsed, included files found, forbidden names
 * refused), tool modules (found and policy-checked, not imported) and `allowed_workers` (expanded,
 * tool names distinct). {@link importPlannedCode} then runs the code a
 * plan names: `run` always, `check` only with `--import-tools`.
 */
import { posix } from 'node:path';
import { ProjectError } from '../errors.ts';
import { compileFieldGlob, isGlob } from '../glob/index.ts';
import { resolveModelName } from '../models/model-aliases.ts';
import { mergeModelConfig } from '../models/model-config.ts';
import { suggestKnownModel } from '../models/prices.ts';
import { assertKnownProvider, assertProviderTools } from '../models/registry.ts';
import { checkCompatibleModel, selectModelId } from '../models/select-model.ts';
import { createCustomToolset } from '../tools/custom.ts';
import type { ToolsetTool } from '../tools/types.ts';
import { importSchemaModule, locateSchemaRef, type LocatedSchema, type ResolvedSchema, type ResolveSchemaRefOptions } from '../worker-file/schema-ref.ts';
import { suggestNearest } from '../worker-file/suggest.ts';
import { checkTemplateFields } from '../templates/variables.ts';
import { createTemplateRenderer, type TemplateRenderer } from '../templates/render.ts';
import { planContextPolicy, type ContextPolicy } from './context-plan.ts';
import { hostLimitProblems } from './host-limits.ts';
import { checkMcpToolsets } from './mcp-toolsets.ts';
import { resolveMounts, type MountGrant } from './mount-table.ts';
import { checkParametricMounts } from './parametric-mounts.ts';
import type { JsonSchemaObject } from '../worker-file/json-schema.ts';
import { toolNameForWorker } from '../tools/tool-name.ts';
import { ASK_USER_TOOL } from '../tools/ask-user.ts';
import type { Project, ToolModuleRef, WorkerDefinition } from './types.ts';

const SCHEMA_FIELDS = ['schema_in', 'schema_out'] as const;
type SchemaField = (typeof SCHEMA_FIELDS)[number];

/** What planning a worker needs besides the project. */
export interface PlanOptions {
  /** `--model`: applies to every worker. */
  modelOverride?: string;
  /** Environment (`LLM_DO_MODEL`). */
  env: Record<string, string | undefined>;
  /** `--mount` grants (they may place a mount outside the project). @default [] */
  grants?: readonly MountGrant[];
}

/** Everything about a worker that is known without running project code or calling a model. */
export interface WorkerPlan {
  definition: WorkerDefinition;
  /** The `provider:model` id (an alias resolved); undefined when none is configured anywhere (then `problems` has a `no-model` error). */
  modelId: string | undefined;
  /** `fallback_models`, aliases resolved, in order. */
  fallbackModelIds: string[];
  /** Its context budget and what keeps requests within it (`context-plan.ts`); undefined when no budget applies. */
  context: ContextPolicy | undefined;
  schemas: Partial<Record<SchemaField, LocatedSchema>>;
  renderer: TemplateRenderer;
  /** Tool modules the `custom` toolset would import, policy-checked; empty without that toolset or with `--no-import-tools`. */
  toolModules: ToolModuleRef[];
  /** Workers this one may call (allowed_workers expanded), in declaration order. */
  allowedWorkers: WorkerDefinition[];
}

/** A plan, every problem found while making it (errors), and warnings (`check` shows them; a run goes on). */
export interface PlanResult {
  plan: WorkerPlan;
  problems: ProjectError[];
  warnings: ProjectError[];
}

/** Host root of the worker's project, library or built-in workers: relative schema and template paths resolve against it. */
function rootOf(project: Project, worker: WorkerDefinition): string {
  if (worker.library) return worker.library.root;
  if (worker.builtin && project.options.builtinWorkersDir) return posix.resolve(project.options.builtinWorkersDir);
  return project.root;
}

/** A step of planning: its value, or the problems that stopped it. */
interface Attempt<T> {
  value: T | undefined;
  problems: readonly ProjectError[];
}

async function attempt<T>(work: () => Promise<T> | T): Promise<Attempt<T>> {
  try {
    return { value: await work(), problems: [] };
  } catch (error) {
    if (!ProjectError.isInstance(error)) throw error;
    return { value: undefined, problems: error.problems };
  }
}

/** Plans `definition`, collecting every problem (in a fixed order) rather than stopping at the first. */
export async function planWorker(project: Project, definition: WorkerDefinition, options: PlanOptions): Promise<PlanResult> {
  const { config } = definition;
  const warnings: ProjectError[] = [];
  // A created worker's template reads nothing: no template dirs, no file() (docs/dynamic-workers.md, docs/security.md).
  const renderer = createTemplateRenderer(
    definition.created
      ? { fs: project.fs, projectRoot: project.root, searchDirs: [], fileDirs: [] }
      : {
          fs: project.fs,
          projectRoot: rootOf(project, definition),
          ...project.templateDirs(definition),
          allowedRoots: [project.root, ...project.libraries.map((library) => library.root)],
        },
  );
  const [model, mounts, schemaIn, schemaOut, template, toolModules, allowedWorkers, mcp, ...imports] = await Promise.all([
    attempt(() => plannedModels(project, definition, options, warnings)),
    attempt(() => resolveMounts({ projectRoot: project.root, config: config.sandbox, grants: options.grants ?? [], displayPath: definition.displayPath })),
    attempt(() => locateSchema(project, definition, 'schema_in')),
    attempt(() => locateSchema(project, definition, 'schema_out')),
    attempt(() => renderer.check(definition.instructions, definition.instructionsFile, { lineOffset: definition.instructionsLineOffset })),
    attempt(() => plannedToolModules(project, definition)),
    attempt(() => plannedAllowedWorkers(project, definition, warnings)),
    attempt(() => checkMcpToolsets(project, definition)),
    ...(config.imports?.workers ?? []).map((ref) => attempt(() => project.loadWorker(ref, definition))),
  ]);
  const modelId = model.value?.[0];
  const context = await attempt(() => planContextPolicy(definition, modelId, mergeModelConfig(project.options.userConfig, project.manifest), warnings));
  const problems = [model, mounts, schemaIn, schemaOut, template, toolModules, allowedWorkers, mcp, context, ...imports].flatMap((step) => step.problems);
  problems.push(...checkParametricMounts(config.sandbox, plannedSchemaIn(config.schema_in, schemaIn), definition.displayPath));
  if (config.locked && config.toolsets?.worker_factory) problems.push(lockedFactoryProblem(definition));
  const schemas: WorkerPlan['schemas'] = {};
  if (schemaIn.value) schemas.schema_in = schemaIn.value;
  if (schemaOut.value) schemas.schema_out = schemaOut.value;
  problems.push(...hostLimitProblems(project, definition, schemas));
  const plan: WorkerPlan = {
    definition,
    modelId,
    fallbackModelIds: model.value?.slice(1) ?? [],
    context: context.value,
    schemas,
    renderer,
    toolModules: toolModules.value ?? [],
    allowedWorkers: allowedWorkers.value ?? [],
  };
  return { plan, problems, warnings };
}

/** What the `${field}` mount check knows of `schema_in` before project code runs: a module (or a broken ref) is `'unknown'`. */
function plannedSchemaIn(ref: unknown, located: Attempt<LocatedSchema | undefined>): JsonSchemaObject | undefined | 'unknown' {
  if (ref === undefined) return undefined;
  return located.value && 'schema' in located.value ? located.value.schema.jsonSchema : 'unknown';
}

/** `locked: true` forbids creating workers at run time, so a locked worker may not have `worker_factory` (docs/decisions.md). */
function lockedFactoryProblem(definition: WorkerDefinition): ProjectError {
  return new ProjectError(
    'invalid-field',
    `worker ${definition.id} is locked (locked: true forbids creating workers at run time) but enables the worker_factory toolset; remove one of the two${definition.ownToolsets?.worker_factory ? '' : " (worker_factory comes from project.yaml: set worker_factory: false under the worker's toolsets)"}`,
    { file: definition.displayPath, field: 'toolsets.worker_factory' },
  );
}

/**
 * The model and its `fallback_models` as `provider:model` ids: aliases resolved, providers known,
 * each allowed by `compatible_models`. A model id close to a known one but not known is a warning.
 */
function plannedModels(project: Project, definition: WorkerDefinition, options: PlanOptions, warnings: ProjectError[]): string[] {
  const { config, id: workerId, displayPath } = definition;
  const models = mergeModelConfig(project.options.userConfig, project.manifest);
  const { id } = selectModelId({
    cli: options.modelOverride,
    worker: config.model,
    env: options.env,
    userDefault: models.defaultModel,
    aliases: models.aliases,
    workerId,
  });
  const location = { file: displayPath, field: 'fallback_models' };
  const fallbacks = (config.fallback_models ?? []).map((name) => resolveModelName(name, models.aliases, `fallback_models of worker ${workerId}`, location).id);
  const ids = [id, ...fallbacks];
  ids.forEach((modelId, index) => {
    const field = index === 0 ? 'model' : 'fallback_models';
    checkCompatibleModel(modelId, config.compatible_models, workerId, displayPath);
    assertKnownProvider(modelId, workerId, models.providers, field);
    assertProviderTools(modelId, config.provider_tools ?? [], { id: workerId, file: displayPath }, models.providers, field);
    const nearest = suggestKnownModel(modelId, models.priceLayers);
    if (nearest !== undefined)
      warnings.push(
        new ProjectError('unknown-model', `model ${modelId} (worker ${workerId}) is not in the price table; if that is a typo, did you mean ${nearest}?`, {
          file: displayPath,
          field,
        }),
      );
  });
  return ids;
}

/** The schema options of one field of `definition`. */
function schemaOptions(project: Project, definition: WorkerDefinition, field: SchemaField): ResolveSchemaRefOptions {
  return { fs: project.fs, projectRoot: rootOf(project, definition), displayPath: definition.displayPath, field };
}

/** A schema field's ref, located (undefined when the field is absent); a `schema_in` may not shadow template globals. */
async function locateSchema(project: Project, definition: WorkerDefinition, field: SchemaField): Promise<LocatedSchema | undefined> {
  const ref = definition.config[field];
  if (ref === undefined) return undefined;
  const located = await locateSchemaRef(ref, schemaOptions(project, definition, field));
  if (field === 'schema_in' && 'schema' in located) checkTemplateFields(located.schema, definition.displayPath);
  if ('module' in located) {
    const problems = await project.moduleImportProblems(definition, {
      hostPath: located.module.hostPath,
      label: `schema module ${located.module.relativePath}`,
    });
    if (problems.length > 0) throw new ProjectError(problems[0]!.code, problems[0]!.detail, problems[0]!.location, { problems });
  }
  return located;
}

/** The custom toolset's modules (none without the toolset) and well-formed `tools:` patterns. */
async function plannedToolModules(project: Project, definition: WorkerDefinition): Promise<ToolModuleRef[]> {
  const custom = definition.config.toolsets?.custom || undefined;
  if (!custom) return [];
  const problems: ProjectError[] = [];
  for (const pattern of custom.tools ?? []) {
    try {
      compileFieldGlob(pattern, { segmented: false }, { file: definition.displayPath, field: 'toolsets.custom.tools' });
    } catch (error) {
      if (!ProjectError.isInstance(error)) throw error;
      problems.push(error);
    }
  }
  const inspection = await project.inspectToolModules(definition);
  problems.push(...inspection.problems.flatMap((problem) => problem.problems));
  if (problems.length > 0) throw new ProjectError(problems[0]!.code, problems[0]!.detail, problems[0]!.location, { problems });
  return inspection.modules;
}

/** `allowed_workers` expanded; each pattern's problem is reported, and two callees may not share a tool name. */
async function plannedAllowedWorkers(project: Project, definition: WorkerDefinition, warnings: ProjectError[]): Promise<WorkerDefinition[]> {
  const workers = definition.config.toolsets?.workers || undefined;
  const location = { file: definition.displayPath, field: 'toolsets.workers.allowed_workers' };
  const expanded = await Promise.all(
    (workers?.allowed_workers ?? []).map(async (pattern) => {
      const step = await attempt(() => project.expandAllowedWorkers([pattern], definition));
      const unmatched = step.value?.length === 0 && isGlob(pattern);
      return { ...step, warning: unmatched ? new ProjectError('invalid-field', `allowed_workers pattern ${pattern} matches no worker`, location) : undefined };
    }),
  );
  warnings.push(...expanded.flatMap((step) => (step.warning ? [step.warning] : [])));
  const problems = await withWorkerSuggestions(
    project,
    expanded.flatMap((step) => step.problems),
  );
  const calleesById = new Map(expanded.flatMap((step) => step.value ?? []).map((callee) => [callee.id, callee] as const));
  const callees = [...calleesById.values()];
  const byToolName = new Map<string, string>();
  for (const callee of callees) {
    const name = toolNameForWorker(callee.id);
    const other = byToolName.get(name);
    if (other !== undefined)
      problems.push(
        new ProjectError('invalid-field', `allowed workers ${other} and ${callee.id} both become the tool name ${name}; rename one of them`, location),
      );
    byToolName.set(name, callee.id);
  }
  const asker = definition.config.interactive ? byToolName.get(ASK_USER_TOOL) : undefined;
  if (asker !== undefined) problems.push(askUserClash(`allowed worker ${asker} becomes the tool name ${ASK_USER_TOOL}`, location));
  if (problems.length > 0) throw new ProjectError(problems[0]!.code, problems[0]!.detail, problems[0]!.location, { problems });
  return callees;
}

/** `worker X not found` problems with the project's worker id nearest to X, when one is close. */
async function withWorkerSuggestions(project: Project, problems: readonly ProjectError[]): Promise<ProjectError[]> {
  const missing = (problem: ProjectError) => (problem.code === 'worker-not-found' ? /^worker (\S+) not found/.exec(problem.detail)?.[1] : undefined);
  if (!problems.some((problem) => missing(problem) !== undefined)) return [...problems];
  const ids = (await project.scanWorkers()).map((entry) => entry.id);
  return problems.map((problem) => {
    const ref = missing(problem);
    const nearest = ref === undefined ? undefined : suggestNearest(ref, ids);
    return nearest === undefined ? problem : new ProjectError(problem.code, `${problem.detail} (did you mean "${nearest}"?)`, problem.location);
  });
}

/** The schemas and custom tools of a plan, after running the project code they need. */
export interface PlannedCode {
  schemaIn: ResolvedSchema | undefined;
  schemaOut: ResolvedSchema | undefined;
  customTools: ToolsetTool[];
}

/**
 * Runs the project code a plan names: imports schema modules and tool modules. Refuses a schema
 * module when the project was opened with `importTools: false` (`--no-import-tools`).
 */
export async function importPlannedCode(project: Project, plan: WorkerPlan): Promise<PlannedCode> {
  const { definition } = plan;
  const schema = async (field: SchemaField): Promise<ResolvedSchema | undefined> => {
    const located = plan.schemas[field];
    if (located === undefined) return undefined;
    if ('schema' in located) return located.schema;
    if (project.options.importTools === false) {
      throw new ProjectError(
        'schema',
        `${field} "${located.module.ref}" is a TS/JS module, and --no-import-tools runs no project code; use a JSON Schema file (schemas/NAME.json) or an inline schema, or drop --no-import-tools`,
        { file: definition.displayPath, field },
      );
    }
    const resolved = await importSchemaModule(located.module, schemaOptions(project, definition, field));
    if (field === 'schema_in') {
      checkTemplateFields(resolved, definition.displayPath);
      const problems = checkParametricMounts(definition.config.sandbox, resolved.jsonSchema, definition.displayPath);
      if (problems.length > 0) throw new ProjectError(problems[0]!.code, problems[0]!.detail, problems[0]!.location, { problems });
    }
    return resolved;
  };
  const custom = definition.config.toolsets?.custom || undefined;
  const [schemaIn, schemaOut, customTools] = await Promise.all([
    schema('schema_in'),
    schema('schema_out'),
    custom && project.options.importTools !== false ? createCustomToolset({ modules: plan.toolModules, config: custom }) : [],
  ]);
  if (definition.config.interactive && customTools.some((tool) => tool.name === ASK_USER_TOOL)) {
    throw askUserClash(`a custom tool is named ${ASK_USER_TOOL}`, { file: definition.displayPath, field: 'toolsets.custom' });
  }
  return { schemaIn, schemaOut, customTools };
}

/** A tool of an interactive worker named as the tool `interactive: true` offers. */
function askUserClash(what: string, location: { file: string; field: string }): ProjectError {
  return new ProjectError('invalid-field', `${what}, which interactive: true offers to this worker; rename it or drop interactive`, location);
}
