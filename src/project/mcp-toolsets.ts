/**
 * What `check` and `run` verify of a worker's `mcp:NAME` toolsets without starting any server: the
 * server is configured, and the `tools:` and `approval.tools` globs are well formed.
 */
import { ProjectError } from '../errors.ts';
import { compileFieldGlob } from '../glob/index.ts';
import type { Project, WorkerDefinition } from './types.ts';
import type { McpToolsetConfig } from '../worker-file/schema.ts';
import { configuredMcpServers } from '../mcp-client/servers.ts';
import { unknownServer } from '../mcp-client/sessions.ts';

/** Throws every problem of the worker's MCP toolsets (the first, with all of them in `problems`). */
export function checkMcpToolsets(project: Project, definition: WorkerDefinition): void {
  const toolsets = Object.entries(definition.config.toolsets?.mcp ?? {}).filter((entry): entry is [string, McpToolsetConfig] => entry[1] !== false);
  if (toolsets.length === 0) return;
  const known = [...configuredMcpServers(project.manifest, project.manifestFile, project.options.userConfig).keys()];
  const problems: ProjectError[] = [];
  const collect = (work: () => void) => {
    try {
      work();
    } catch (error) {
      if (!ProjectError.isInstance(error)) throw error;
      problems.push(...error.problems);
    }
  };
  for (const [server, config] of toolsets) {
    const field = `toolsets.mcp:${server}`;
    const file = definition.displayPath;
    if (!known.includes(server)) {
      const error = unknownServer(server, known, { file, field });
      problems.push(new ProjectError(error.code, `worker ${definition.id}: ${error.detail}`, error.location));
    }
    for (const pattern of config.tools ?? []) collect(() => compileFieldGlob(pattern, { segmented: false }, { file, field: `${field}.tools` }));
    for (const pattern of Object.keys(config.approval?.tools ?? {}))
      collect(() => compileFieldGlob(pattern, { segmented: false }, { file, field: `${field}.approval.tools` }));
  }
  if (problems.length > 0) throw new ProjectError(problems[0]!.code, problems[0]!.detail, problems[0]!.location, { problems });
}
