import { describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { interpolateEnv } from '../../src/mcp-client/interpolate.ts';
import { configuredMcpServers } from '../../src/mcp-client/servers.ts';
import { parseYamlConfig } from '../../src/worker-file/config-file.ts';
import { ManifestSchema, UserConfigSchema } from '../../src/worker-file/schema.ts';

function problems(yaml: string): string[] {
  try {
    parseYamlConfig(yaml, 'project.yaml', ManifestSchema, { what: 'project manifest' });
    return [];
  } catch (error) {
    if (!ProjectError.isInstance(error)) throw error;
    return error.problems.map((problem) => problem.message);
  }
}

describe('mcp_servers', () => {
  it('accepts a stdio and an HTTP server', () => {
    expect(
      problems(
        'mcp_servers:\n  a: { command: node, args: [s.js], env: { K: "${TOKEN}" }, cwd: tools, timeout_ms: 5000 }\n  b: { url: "http://127.0.0.1:3000/mcp", headers: { Authorization: "Bearer ${T}" } }\n',
      ),
    ).toEqual([]);
  });

  it('names what is wrong: both transports, neither, a field of the other transport, an unknown key, a bad name', () => {
    expect(problems('mcp_servers:\n  a: { command: x, url: "http://h/mcp" }\n')[0]).toContain('mcp_servers.a');
    expect(problems('mcp_servers:\n  a: { command: x, url: "http://h/mcp" }\n')[0]).toContain('either command (stdio) or url (Streamable HTTP), not both');
    expect(problems('mcp_servers:\n  a: { args: [x] }\n')[0]).toContain('needs command (stdio: command, args, env, cwd) or url');
    expect(problems('mcp_servers:\n  a: { url: "http://h/mcp", env: { A: b } }\n')[0]).toContain('env is for command (stdio) servers only');
    expect(problems('mcp_servers:\n  a: { comand: x }\n').join('\n')).toContain('unknown key "comand" in mcp_servers.a (did you mean "command"?');
    expect(problems('mcp_servers:\n  "a b": { command: x }\n')[0]).toContain('MCP server names use letters, digits, _ and -');
  });

  it('is a field of the user config too, and the manifest wins on a name clash', () => {
    const user = UserConfigSchema.parse({ mcp_servers: { shared: { command: 'user' }, mine: { url: 'http://127.0.0.1:1/mcp' } } });
    const manifest = ManifestSchema.parse({ mcp_servers: { shared: { command: 'project' } } });
    const servers = configuredMcpServers(manifest, 'project.yaml', user);
    expect(servers.get('shared')).toEqual({ config: { command: 'project' }, source: 'project.yaml' });
    expect(servers.get('mine')?.source).toBe('$LLM_DO_HOME/config.yaml');
  });
});

describe('${VAR} in env and headers', () => {
  it('reads variables from the environment', () => {
    expect(interpolateEnv('Bearer ${TOKEN}-${X}', { TOKEN: 's3cret', X: '1' }, 'mcp_servers.a.headers.Authorization', 'project.yaml')).toBe('Bearer s3cret-1');
  });

  it('names the field and the variable of an unset one, never a value', () => {
    expect(() => interpolateEnv('${TOKEN} ${MISSING}', { TOKEN: 's3cret' }, 'mcp_servers.a.env.K', 'project.yaml')).toThrow(
      'project.yaml: mcp_servers.a.env.K uses ${MISSING}, which is not set in the environment',
    );
    try {
      interpolateEnv('${TOKEN} ${MISSING}', { TOKEN: 's3cret' }, 'f', 'project.yaml');
    } catch (error) {
      expect(String(error)).not.toContain('s3cret');
    }
  });
});
