/**
 * Making a worker at run time with `worker_create` (docs/dynamic-workers.md): what a request may ask for, checked
 * against its creator, and the worker file `llm-do promote` writes of the result. A created worker
 * is never wider than its creator: only toolsets the creator has, with the creator's own settings
 * (approval rules included), and only the creator's mounts, never with more access than the
 * creator has to them. Its instructions are data: no includes, imports or `file()` (the template
 * sandbox keeps out code).
 */
import { stringify } from 'yaml';
import type { ProjectError } from '../errors.ts';
import { resolveMounts, type MountGrant } from '../project/mount-table.ts';
import type { WorkerDefinition } from '../project/types.ts';
import type { MountMode, Restriction } from '../sandbox/types.ts';
import { enabledToolsets } from '../tools/registry.ts';
import type { WorkerCreateArgs } from '../tools/worker-factory.ts';
import type { SandboxConfig, ToolsetsConfig, WorkerConfig } from '../worker-file/schema.ts';
import { findTemplateLoad } from '../templates/ast.ts';
import { compileFieldGlob } from '../glob/field-glob.ts';
import type { CreatedWorkerRecord } from './saved-state.ts';

/** A request that asks for more than its creator may give, or is malformed: the model gets `message`. */
export class WorkerCreateRefusal extends Error {
  override readonly name = 'WorkerCreateRefusal';
}

/** What the check of a request knows about its creator and the run. */
export interface CreatorView {
  creator: WorkerDefinition;
  /** The creator's call. */
  callId: string;
  /** Every restriction on the creator's call chain, its own included. */
  restrictions: readonly Restriction[];
  projectRoot: string;
  /** `--mount` grants of the run. */
  grants: readonly MountGrant[];
  /** `toolsets:` of project.yaml (a promoted worker turns off the ones it was not given). */
  manifestToolsets: ToolsetsConfig | undefined;
  /** The model the creator runs on, as `provider:model`. */
  creatorModelId: string;
  /** The model aliases of the project and the user config. */
  aliases: readonly string[];
}

/**
 * The record of the worker `args` asks for, or a {@link WorkerCreateRefusal} saying what is refused
 * and why. The name's uniqueness, the model and the schemas are checked when the worker is prepared.
 */
export function deriveCreatedWorker(view: CreatorView, args: WorkerCreateArgs): CreatedWorkerRecord {
  const { creator } = view;
  const load = findTemplateLoad(args.instructions);
  if (load)
    throw new WorkerCreateRefusal(`instructions, line ${load.line}: ${load.message} (a created worker's instructions are data; put what it needs in them)`);
  // Its callers' tool takes schema_in as its arguments, and providers take only objects there.
  if (args.schema_in !== undefined && args.schema_in.type !== 'object')
    throw new WorkerCreateRefusal(
      `schema_in must be a JSON Schema of type "object" (its fields are the arguments of the tool that calls it), got ${args.schema_in.type === undefined ? 'no type' : `type ${JSON.stringify(args.schema_in.type)}`}`,
    );
  const toolsets = chosenToolsets(creator, args.toolsets ?? [], args.name);
  const sandbox = args.mounts === undefined ? creator.config.sandbox : chosenSandbox(view, args.mounts, args.name);
  const model = args.model === undefined ? creator.config.model : chosenModel(view, args.model);
  const config: WorkerConfig = {
    name: args.name,
    description: args.description,
    ...(model !== undefined ? { model } : {}),
    ...(Object.keys(toolsets.config).length > 0 ? { toolsets: toolsets.config } : {}),
    ...(sandbox !== undefined ? { sandbox } : {}),
    ...(args.schema_in !== undefined ? { schema_in: args.schema_in } : {}),
    ...(args.schema_out !== undefined ? { schema_out: args.schema_out } : {}),
  };
  return {
    name: args.name,
    created_by: creator.id,
    call_id: view.callId,
    config,
    own_toolsets: toolsets.own,
    instructions: args.instructions,
    front_matter: frontMatter(config, toolsets.own, view.manifestToolsets),
  };
}

/** Providers whose "model name" is a file path: a model may never choose one (docs/security.md). */
const FILE_PROVIDERS: ReadonlySet<string> = new Set(['scripted']);

/**
 * A model the model asked for: only one the creator may use (its own, one `compatible_models`
 * allows, an alias of the project or user config), and never a file-backed one it does not run on
 * itself, so a model cannot make llm-do read a path of its choosing.
 */
function chosenModel(view: CreatorView, requested: string): string {
  const { creator, creatorModelId, aliases } = view;
  if (requested === creatorModelId || requested === creator.config.model || aliases.includes(requested)) return requested;
  const patterns = creator.config.compatible_models;
  // As the registry reads it: surrounding space is trimmed before the provider is taken.
  const id = requested.trim();
  const fileBacked = FILE_PROVIDERS.has(id.includes(':') ? id.slice(0, id.indexOf(':')) : id);
  if (
    patterns &&
    !fileBacked &&
    patterns.some((pattern) => compileFieldGlob(pattern, { segmented: false }, { file: creator.displayPath, field: 'compatible_models' }).matches(requested))
  )
    return requested;
  const choices = [`its creator's model (${creatorModelId})`];
  if (patterns) choices.push(`a model compatible_models of ${creator.id} allows (${patterns.join(', ')})`);
  if (aliases.length > 0) choices.push(`an alias (${aliases.join(', ')})`);
  throw new WorkerCreateRefusal(`model ${JSON.stringify(requested)} is not one ${creator.id} may give: use ${choices.join(', ')}, or leave model out`);
}

/** The toolsets named, each as the creator has it; a name the creator does not have is refused. */
function chosenToolsets(creator: WorkerDefinition, names: readonly string[], name: string): { config: ToolsetsConfig; own: ToolsetsConfig } {
  const held = enabledToolsets(creator.config.toolsets).map((toolset) => toolset.name);
  const config: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const toolset of names) {
    if (!held.includes(toolset)) {
      throw new WorkerCreateRefusal(
        `toolsets: worker ${creator.id} cannot give ${name} the ${toolset} toolset: a created worker gets only toolsets its creator has, and ${creator.id} has ${held.length > 0 ? held.join(', ') : 'none'}`,
      );
    }
    const server = toolset.startsWith('mcp:') ? toolset.slice(4) : undefined;
    if (server !== undefined) {
      config.mcp = { ...(config.mcp as object | undefined), [server]: creator.config.toolsets?.mcp?.[server] };
      const ownServer = creator.ownToolsets?.mcp?.[server];
      if (ownServer !== undefined) own.mcp = { ...(own.mcp as object | undefined), [server]: ownServer };
    } else {
      const key = toolset as Exclude<keyof ToolsetsConfig, 'mcp'>;
      config[key] = creator.config.toolsets?.[key];
      if (creator.ownToolsets?.[key] !== undefined) own[key] = creator.ownToolsets[key];
    }
  }
  return { config: config as ToolsetsConfig, own: own as ToolsetsConfig };
}

/**
 * The sandbox of a worker given only the mounts `mounts` names (by virtual path), each no wider than
 * the creator has it (a `readonly` restriction on the chain makes every mount read-only).
 */
function chosenSandbox(view: CreatorView, mounts: Readonly<Record<string, MountMode>>, name: string): SandboxConfig {
  const { creator } = view;
  const source = creator.config.sandbox ?? {};
  const readonly = view.restrictions.some((restriction) => restriction.readonly === true);
  const held = resolveMounts({ projectRoot: view.projectRoot, config: source, grants: view.grants, displayPath: creator.displayPath }).map((mount) => ({
    ...mount,
    mode: readonly ? ('ro' as const) : mount.mode,
  }));
  const listing = held.map((mount) => `/${mount.name} (${mount.mode})`).join(', ');
  const entries = Object.entries(mounts);
  if (entries.length === 0)
    throw new WorkerCreateRefusal(`mounts: name at least one of ${creator.id}'s mounts (${listing}), or leave mounts out to give ${name} all of them`);
  const sandbox: SandboxConfig = {};
  for (const [path, mode] of entries) {
    const mountName = path.replace(/^\/+/, '').replace(/\/+$/, '');
    const mount = held.find((candidate) => candidate.name === mountName);
    if (!path.startsWith('/') || !mount)
      throw new WorkerCreateRefusal(`mounts: worker ${creator.id} has no mount ${path}, so it cannot give it to ${name}; its mounts are ${listing}`);
    if (mode === 'rw' && mount.mode === 'ro')
      throw new WorkerCreateRefusal(`mounts: worker ${creator.id} cannot give ${name} ${path} read-write (rw): it has ${path} read-only (ro) itself`);
    if (mountName === '') {
      const root = source.root === undefined ? { root: '.' } : typeof source.root === 'string' ? { root: source.root } : source.root;
      sandbox.root = { ...root, mode };
    } else if (source.paths?.[mountName]) {
      sandbox.paths = { ...sandbox.paths, [mountName]: { ...source.paths[mountName], mode } };
    } else {
      throw new WorkerCreateRefusal(`mounts: ${path} comes from --mount, which every worker of the run sees anyway; leave it out of mounts`);
    }
  }
  if (source.restrict !== undefined) sandbox.restrict = source.restrict;
  if (source.readonly !== undefined) sandbox.readonly = source.readonly;
  return sandbox;
}

/**
 * The front matter of the worker file `llm-do promote` writes: the creator's own settings of each
 * toolset given (project.yaml merges into them as into the creator's), `false` for a project.yaml
 * toolset it was not given.
 */
function frontMatter(config: WorkerConfig, own: ToolsetsConfig, manifestToolsets: ToolsetsConfig | undefined): Record<string, unknown> {
  const toolsets: Record<string, unknown> = {};
  for (const toolset of enabledToolsets(config.toolsets)) {
    const server = toolset.name.startsWith('mcp:') ? toolset.name.slice(4) : undefined;
    toolsets[toolset.name] = (server !== undefined ? own.mcp?.[server] : own[toolset.name as Exclude<keyof ToolsetsConfig, 'mcp'>]) ?? {};
  }
  for (const toolset of enabledToolsets(manifestToolsets)) if (!(toolset.name in toolsets)) toolsets[toolset.name] = false;
  const { name, description, model, sandbox, schema_in, schema_out } = config;
  return {
    name,
    description,
    ...(model !== undefined ? { model } : {}),
    ...(Object.keys(toolsets).length > 0 ? { toolsets } : {}),
    ...(sandbox !== undefined ? { sandbox } : {}),
    ...(schema_in !== undefined ? { schema_in } : {}),
    ...(schema_out !== undefined ? { schema_out } : {}),
  };
}

/** Refuses a name a worker of the project, a created worker of the run or a tool of the creator already has. */
export function nameTakenMessage(name: string, holder: string): string {
  return `name: ${name} is taken (${holder}); choose another name (a created worker cannot replace a worker or be created twice)`;
}

/** `ProjectError`s from preparing a created worker, as the refusal the model gets. */
export function preparationRefusal(name: string, error: ProjectError): WorkerCreateRefusal {
  return new WorkerCreateRefusal(
    `worker ${name} cannot be created: ${error.problems.map((problem) => `${problem.location.field ? `${problem.location.field}: ` : ''}${problem.detail}`).join('; ')}`,
  );
}

/**
 * The worker file (`.worker`: YAML front matter, then the instructions) of a created worker, named
 * `id` (the id its file will have in the project), as `llm-do promote` writes it.
 */
export function createdWorkerFile(record: CreatedWorkerRecord, id: string = record.name): string {
  const front = stringify({ ...record.front_matter, name: id }, { lineWidth: 0 });
  const body = record.instructions.endsWith('\n') ? record.instructions : `${record.instructions}\n`;
  return `---\n${front}---\n${body}`;
}
