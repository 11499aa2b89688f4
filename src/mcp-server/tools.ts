/**
 * Which workers `llm-do mcp serve` offers, and as what MCP tools (docs/mcp-serve.md): the entry worker and the
 * exported ones, each named as delegation names it, described by its `description`, with `schema_in`
 * as input schema (else the default `{input, instructions?}`) and `schema_out` as output schema.
 */
import { ProjectError } from '../errors.ts';
import { toolNameForWorker } from '../tools/tool-name.ts';
import type { Project, WorkerDefinition } from '../project/types.ts';
import { importPlannedCode, planWorker, type PlanOptions } from '../project/worker-plan.ts';
import { toSchemaPair, type JsonSchemaObject, type SchemaPair } from '../worker-file/json-schema.ts';

/** One worker as an MCP tool. */
export interface ServedTool {
  /** The MCP tool name: the worker id as a delegation tool names it (`reports/weekly` → `reports__weekly`). */
  name: string;
  worker: WorkerDefinition;
  description: string;
  /** What the arguments are validated against and the client is shown: `schema_in`, else {@link DEFAULT_INPUT}. */
  input: SchemaPair;
  /** Whether the arguments are the worker's input object (`schema_in`) rather than `{input, instructions?}`. */
  structuredInput: boolean;
  /** `schema_out` when it describes an object (MCP's `structuredContent` is one): the tool answers with it. */
  outputSchema: JsonSchemaObject | undefined;
}

/** The arguments of a worker without `schema_in`. */
export interface DefaultArguments {
  input: string;
  instructions?: string;
}

/** The input of a worker without `schema_in`, as delegation offers it (minus sandbox attachments: an MCP client has no sandbox). */
export const DEFAULT_INPUT: SchemaPair = toSchemaPair({
  type: 'object',
  properties: {
    input: { type: 'string', description: 'The task or question for the worker.' },
    instructions: { type: 'string', description: 'Extra guidance for this call.' },
  },
  required: ['input'],
  additionalProperties: false,
});

/**
 * The ids of the workers to serve: the entry first, then the manifest's `exports` (absent: every
 * worker of the project, as for a library; `[]`: the entry alone).
 */
export async function servedWorkerIds(project: Project): Promise<string[]> {
  const exported = project.manifest?.exports ?? (await project.scanWorkers()).map((entry) => entry.id);
  return [...new Set([project.entryId, ...exported])];
}

/**
 * Loads and plans every served worker, as a run would before its first request (model, schemas,
 * templates, tool modules), and describes it as a tool. Throws a ProjectError naming the worker for
 * a problem, and `duplicate-tool-name` when two workers would get one tool name.
 */
export async function describeServedTools(project: Project, options: PlanOptions): Promise<ServedTool[]> {
  const ids = await servedWorkerIds(project);
  const tools = await Promise.all(ids.map((id) => describeWorker(project, id, options)));
  const byName = new Map<string, ServedTool>();
  for (const tool of tools) {
    const earlier = byName.get(tool.name);
    if (earlier) {
      throw new ProjectError(
        'duplicate-tool-name',
        `workers ${earlier.worker.id} and ${tool.worker.id} would both be the MCP tool ${tool.name}; rename one or leave it out of exports`,
        {
          file: project.manifestFile,
          field: 'exports',
        },
      );
    }
    byName.set(tool.name, tool);
  }
  return tools;
}

async function describeWorker(project: Project, id: string, options: PlanOptions): Promise<ServedTool> {
  const worker = await project.resolveWorker(id);
  const { plan, problems } = await planWorker(project, worker, options);
  if (problems.length > 0) throw new ProjectError(problems[0]!.code, problems[0]!.detail, problems[0]!.location, { problems });
  const { schemaIn, schemaOut } = await importPlannedCode(project, plan);
  return {
    name: toolNameForWorker(worker.id),
    worker,
    description: worker.config.description ?? `Run the llm-do worker ${worker.id}.`,
    input: schemaIn ?? DEFAULT_INPUT,
    structuredInput: schemaIn !== undefined,
    outputSchema: schemaOut?.jsonSchema.type === 'object' ? schemaOut.jsonSchema : undefined,
  };
}
