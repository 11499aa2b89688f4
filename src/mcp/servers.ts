/** The MCP servers a project may use: the user config's, then the manifest's (a manifest server replaces a user one of the same name). */
import type { Project } from '../project/types.ts';
import type { McpServerEntry } from './sessions.ts';

export function configuredMcpServers(project: Pick<Project, 'manifest' | 'manifestFile' | 'options'>): Map<string, McpServerEntry> {
  const servers = new Map<string, McpServerEntry>();
  for (const [name, config] of Object.entries(project.options.userConfig?.mcp_servers ?? {})) servers.set(name, { config, source: '$LLM_DO_HOME/config.yaml' });
  for (const [name, config] of Object.entries(project.manifest?.mcp_servers ?? {})) servers.set(name, { config, source: project.manifestFile ?? 'the manifest' });
  return servers;
}
