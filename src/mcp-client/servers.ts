/** The MCP servers a project may use: the user config's, then the manifest's (a manifest server replaces a user one of the same name). */
import type { Manifest, UserConfig } from '../worker-file/schema.ts';
import type { McpServerEntry } from './sessions.ts';

export function configuredMcpServers(
  manifest: Manifest | undefined,
  manifestFile: string | undefined,
  userConfig: UserConfig | undefined,
): Map<string, McpServerEntry> {
  const servers = new Map<string, McpServerEntry>();
  for (const [name, config] of Object.entries(userConfig?.mcp_servers ?? {})) servers.set(name, { config, source: '$LLM_DO_HOME/config.yaml' });
  for (const [name, config] of Object.entries(manifest?.mcp_servers ?? {})) servers.set(name, { config, source: manifestFile ?? 'the manifest' });
  return servers;
}
