/**
 * What a worker needs that the host cannot give (`ProjectOptions.hostLimits`; the browser, docs/browser.md):
 * found while planning, so a run stops before its first request with an error naming the worker and
 * the toolset or field, rather than failing at the first tool call.
 */
import { ProjectError } from '../errors.ts';
import { configuredMcpServers } from '../mcp-client/servers.ts';
import type { LocatedSchema } from '../worker-file/schema-ref.ts';
import type { HostLimits, Project, WorkerDefinition } from './types.ts';

/** The worker's schema refs after locating them (module refs are the ones needing code). */
export type LocatedSchemas = Partial<Record<'schema_in' | 'schema_out', LocatedSchema>>;

/** Every toolset and schema of `definition` the host's limits rule out, each as a `not-available` problem. */
export function hostLimitProblems(project: Project, definition: WorkerDefinition, schemas: LocatedSchemas): ProjectError[] {
  const limits = project.options.hostLimits;
  if (limits === undefined) return [];
  const { toolsets } = definition.config;
  const file = definition.displayPath;
  const refuse = (field: string, what: string, why: string) =>
    new ProjectError('not-available', `worker ${definition.id}: ${what} is not available in ${limits.host}: ${why}`, { file, field });
  const problems: ProjectError[] = [];
  if (limits.noProcesses && toolsets?.shell) {
    problems.push(
      refuse(
        'toolsets.shell',
        'toolset shell',
        `it runs commands as processes, which ${limits.host} cannot start; remove it, or run the project with the llm-do CLI`,
      ),
    );
  }
  if (limits.noProcesses) problems.push(...stdioMcpProblems(project, definition, limits, refuse));
  if (limits.noCodeModules && toolsets?.custom) {
    problems.push(
      refuse(
        'toolsets.custom',
        'toolset custom',
        `its tools are TS/JS modules of the project, which ${limits.host} cannot import; remove it, or run the project with the llm-do CLI`,
      ),
    );
  }
  for (const [field, located] of Object.entries(schemas)) {
    if (!limits.noCodeModules || located === undefined || 'schema' in located) continue;
    problems.push(
      refuse(
        field,
        `${field} "${located.module.ref}"`,
        `it is a TS/JS module, which ${limits.host} cannot import; use a JSON Schema file (schemas/NAME.json) or an inline schema`,
      ),
    );
  }
  return problems;
}

function stdioMcpProblems(
  project: Project,
  definition: WorkerDefinition,
  limits: HostLimits,
  refuse: (field: string, what: string, why: string) => ProjectError,
): ProjectError[] {
  const servers = configuredMcpServers(project.manifest, project.manifestFile, project.options.userConfig);
  return Object.entries(definition.config.toolsets?.mcp ?? {}).flatMap(([name, config]) => {
    const server = servers.get(name);
    if (config === false || server?.config.command === undefined) return [];
    const why = `its server (mcp_servers.${name} in ${server.source}) is a stdio command, a process ${limits.host} cannot start; use an MCP server over HTTP (url:), or run the project with the llm-do CLI`;
    return [refuse(`toolsets.mcp:${name}`, `toolset mcp:${name}`, why)];
  });
}
