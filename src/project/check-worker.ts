/**
 * The checks `check` runs on one loaded worker: references (allowed_workers, imports), tool names of
 * allowed workers, schema refs, templates, tool modules, model configuration.
 */
import { posix } from 'node:path';
import { resolveMounts } from '../sandbox/mount-table.ts';
import { loadToolModule } from '../tools/custom.ts';
import type { ToolDefinition } from '../tools/types.ts';
import { createTemplateRenderer, resolveSchemaRef, type TemplateRenderer, type TemplateRendererOptions } from '../worker/index.ts';
import { diagnosticsFromError, type Diagnostic } from './diagnostics.ts';
import { toolNameForWorker } from './tool-name.ts';
import type { Project, WorkerDefinition } from './types.ts';
import { isGlob } from './worker-ids.ts';

/** State shared by the checks of every worker of one `check` run. */
export interface CheckContext {
  project: Project;
  /** Tool modules loaded so far, by host path (each module is loaded once). */
  toolModules: Map<string, Promise<ToolDefinition[]>>;
  /** Template renderers by their options (workers of one directory share one). */
  renderers: Map<string, TemplateRenderer>;
}

/** Every problem of `worker` beyond parsing it. */
export async function checkWorker(context: CheckContext, worker: WorkerDefinition): Promise<Diagnostic[]> {
  const groups = await Promise.all([
    checkAllowedWorkers(context.project, worker),
    checkImports(context.project, worker),
    checkSchemas(context.project, worker),
    checkTemplate(context, worker),
    checkToolModules(context, worker),
  ]);
  const mounts = await attempt(worker.displayPath, async () => checkMounts(context.project, worker));
  return [...checkModel(context.project, worker), ...mounts, ...groups.flat()];
}

/** Host root of the worker's project or library (relative schema refs resolve against it). */
export function rootOf(project: Project, worker: WorkerDefinition): string {
  if (worker.library) return worker.library.root;
  if (worker.builtin && project.options.builtinWorkersDir) return posix.resolve(project.options.builtinWorkersDir);
  return project.root;
}

/** Sandbox roots must stay inside the project (a run refuses them, so check must too). */
function checkMounts(project: Project, worker: WorkerDefinition): void {
  resolveMounts({ projectRoot: project.root, config: worker.config.sandbox, displayPath: worker.displayPath });
}

async function attempt(file: string, run: () => Promise<unknown>): Promise<Diagnostic[]> {
  try {
    await run();
    return [];
  } catch (error) {
    return diagnosticsFromError(error, file);
  }
}

function checkModel(project: Project, worker: WorkerDefinition): Diagnostic[] {
  const { model, compatible_models: compatible } = worker.config;
  if (model === undefined) {
    if (project.options.env?.LLM_DO_MODEL) return [];
    return [
      {
        severity: 'warning',
        file: worker.displayPath,
        message: `no model configured for worker ${worker.id} (set model: in the worker or project.yaml, pass --model, or set LLM_DO_MODEL)`,
      },
    ];
  }
  if (compatible && !compatible.some((pattern) => globToRegExp(pattern).test(model))) {
    return [
      {
        severity: 'error',
        file: worker.displayPath,
        message: `model ${model} does not match compatible_models (${compatible.join(', ')})`,
      },
    ];
  }
  return [];
}

/** `anthropic:*` → a whole-string matcher where `*` is any run of characters and `?` one character. */
function globToRegExp(pattern: string): RegExp {
  const body = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

async function checkAllowedWorkers(project: Project, worker: WorkerDefinition): Promise<Diagnostic[]> {
  const toolset = worker.config.toolsets?.workers;
  const patterns = toolset ? (toolset.allowed_workers ?? []) : [];
  const diagnostics: Diagnostic[] = [];
  const resolved = await Promise.all(
    patterns.map(async (pattern) => {
      try {
        const workers = await project.expandAllowedWorkers([pattern], worker);
        if (workers.length === 0 && isGlob(pattern)) {
          diagnostics.push({ severity: 'warning', file: worker.displayPath, message: `allowed_workers pattern ${pattern} matches no worker` });
        }
        return workers;
      } catch (error) {
        diagnostics.push(...diagnosticsFromError(error, worker.displayPath));
        return [];
      }
    }),
  );
  const byToolName = new Map<string, string>();
  for (const callee of resolved.flat()) {
    const name = toolNameForWorker(callee.id);
    const other = byToolName.get(name);
    if (other !== undefined && other !== callee.id) {
      diagnostics.push({
        severity: 'error',
        file: worker.displayPath,
        message: `allowed workers ${other} and ${callee.id} both become the tool name ${name}; rename one of them`,
      });
    }
    byToolName.set(name, callee.id);
  }
  return diagnostics;
}

async function checkImports(project: Project, worker: WorkerDefinition): Promise<Diagnostic[]> {
  const refs = worker.config.imports?.workers ?? [];
  const groups = await Promise.all(refs.map((ref) => attempt(worker.displayPath, () => project.loadWorker(ref, worker))));
  return groups.flat();
}

async function checkSchemas(project: Project, worker: WorkerDefinition): Promise<Diagnostic[]> {
  const fields = (['schema_in', 'schema_out'] as const).filter((field) => worker.config[field] !== undefined);
  const groups = await Promise.all(
    fields.map((field) =>
      attempt(worker.displayPath, () =>
        resolveSchemaRef(worker.config[field]!, { fs: project.fs, projectRoot: rootOf(project, worker), displayPath: worker.displayPath, field }),
      ),
    ),
  );
  return groups.flat();
}

async function checkTemplate(context: CheckContext, worker: WorkerDefinition): Promise<Diagnostic[]> {
  const { project } = context;
  return attempt(worker.instructionsFile, () => {
    const options: TemplateRendererOptions = {
      fs: project.fs,
      projectRoot: rootOf(project, worker),
      ...project.templateDirs(worker),
      allowedRoots: [project.root, ...project.libraries.map((library) => library.root)],
    };
    const key = JSON.stringify({ ...options, fs: undefined });
    let renderer = context.renderers.get(key);
    if (!renderer) context.renderers.set(key, (renderer = createTemplateRenderer(options)));
    return renderer.check(worker.instructions, worker.instructionsFile, { lineOffset: worker.instructionsLineOffset });
  });
}

async function checkToolModules(context: CheckContext, worker: WorkerDefinition): Promise<Diagnostic[]> {
  const { modules, problems } = await context.project.inspectToolModules(worker);
  const loaded = await Promise.all(
    modules.map(async (ref) => {
      let module = context.toolModules.get(ref.hostPath);
      if (!module) {
        module = loadToolModule(ref);
        context.toolModules.set(ref.hostPath, module);
      }
      try {
        return { tools: await module, diagnostics: [] };
      } catch (error) {
        return { tools: [], diagnostics: diagnosticsFromError(error, ref.displayPath) };
      }
    }),
  );
  const diagnostics = [...problems.flatMap((problem) => diagnosticsFromError(problem)), ...loaded.flatMap((entry) => entry.diagnostics)];
  const wanted = worker.config.toolsets?.custom ? worker.config.toolsets.custom.tools : undefined;
  if (wanted && diagnostics.length === 0) {
    const available = new Set(loaded.flatMap((entry) => entry.tools.map((tool) => tool.name)));
    for (const name of wanted.filter((tool) => !available.has(tool))) {
      const list = [...available].sort().join(', ') || 'none';
      diagnostics.push({ severity: 'error', file: worker.displayPath, message: `toolsets.custom.tools lists ${name}, which no tool module defines (available: ${list})` });
    }
  }
  return diagnostics;
}
