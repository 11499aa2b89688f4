/** `${VAR}` in MCP server `env` and `headers` values, from the environment llm-do runs in (docs/mcp.md). */
import { ProjectError } from '../errors.ts';

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * `value` with every `${VAR}` replaced by that variable. An unset variable is
 * an error naming the field and the variable, never the value (it may hold a secret).
 */
export function interpolateEnv(value: string, env: Readonly<Record<string, string | undefined>>, field: string, file: string): string {
  return value.replace(REFERENCE, (_match, variable: string) => {
    const found = env[variable];
    if (found === undefined) throw new ProjectError('invalid-field', `${field} uses \${${variable}}, which is not set in the environment`, { file, field });
    return found;
  });
}
