/**
 * The user config, `$LLM_DO_HOME/config.yaml` (docs/models.md): default model, aliases, providers and
 * prices that apply under every project's own.
 */
import { posix } from 'node:path';
import type { FileSystem } from '../sandbox/file-system.ts';
import { parseYamlConfig } from '../worker-file/config-file.ts';
import { UserConfigSchema, type UserConfig } from '../worker-file/schema.ts';
import { llmDoHomeDir } from './llm-do-home.ts';
import { isFile } from './paths.ts';

/** `$LLM_DO_HOME/config.yaml`. */
export function userConfigPath(options: { env?: Record<string, string | undefined>; homeDir: string; cwd?: string }): string {
  return posix.join(llmDoHomeDir(options), 'config.yaml');
}

/**
 * Reads and validates the user config at `file`; undefined when there is none.
 *
 * @throws ProjectError naming the file, line and field of the first problem (`invalid-yaml`, `unknown-key`, `invalid-field`).
 */
export async function readUserConfig(fs: FileSystem, file: string): Promise<UserConfig | undefined> {
  if (!(await isFile(fs, file))) return undefined;
  return parseYamlConfig(await fs.readText(file), file, UserConfigSchema, { what: 'user configuration' });
}
