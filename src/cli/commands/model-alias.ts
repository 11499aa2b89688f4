/**
 * `llm-do models alias set NAME MODEL` and `llm-do models alias rm NAME` (docs/models.md): edit the
 * `models:` aliases of the user config, `$LLM_DO_HOME/config.yaml`, keeping its comments and order.
 * The edited file is validated as a whole before it is written, so a bad name or model changes nothing.
 */
import { isMap, parseDocument } from 'yaml';
import { ProjectError } from '../../errors.ts';
import { resolveModelName } from '../../models/model-aliases.ts';
import { userConfigPath } from '../../project/user-config.ts';
import { isNotFound } from '../../sandbox/file-system.ts';
import { createNodeFileSystem } from '../../sandbox/node-file-system.ts';
import { parseYamlConfig } from '../../worker-file/config-file.ts';
import { MODEL_ALIAS_PATTERN, ModelAliasesSchema, UserConfigSchema } from '../../worker-file/schema.ts';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { printError, printLine, type CliIO } from '../io.ts';
import { reportProblems } from './check.ts';

const fs = createNodeFileSystem();

/** The user config's text; '' when there is none yet. */
async function readText(file: string): Promise<string> {
  try {
    return await fs.readText(file);
  } catch (error) {
    if (isNotFound(error)) return '';
    throw error;
  }
}

/** Validates `text` as the user config (aliases resolving to `provider:model` ids) and writes it atomically. */
async function writeConfig(file: string, text: string, name: string): Promise<void> {
  const config = parseYamlConfig(text, file, UserConfigSchema, { what: 'user configuration' });
  const aliases = config.models ?? {};
  if (Object.hasOwn(aliases, name)) resolveModelName(name, aliases, `alias ${name} in ${file}`, { field: `models.${name}` });
  await fs.writeFile(file, text);
}

/** `models alias set NAME MODEL`: adds or replaces the alias in the user config. */
export async function runModelAliasSet(name: string, model: string, io: CliIO): Promise<number> {
  const file = userConfigPath(io);
  if (!MODEL_ALIAS_PATTERN.test(name) || name === 'test') {
    printError(io, `llm-do: invalid alias name "${name}": alias names use letters, digits, _ . - (no colon), and "test" is the built-in offline model`);
    return EXIT_USAGE;
  }
  // The name is valid: what is left to object to is the model.
  const checked = ModelAliasesSchema.safeParse({ [name]: model });
  if (!checked.success) {
    printError(io, `llm-do: models alias set ${name} ${model}: ${checked.error.issues[0]!.message}`);
    return EXIT_USAGE;
  }
  try {
    const doc = parseDocument(await readText(file));
    if (doc.contents !== null && !isMap(doc.contents)) throw new ProjectError('invalid-field', `${file} must be a mapping of settings`);
    const before = doc.getIn(['models', name]);
    doc.setIn(['models', name], model);
    await writeConfig(file, doc.toString(), name);
    printLine(io, `${before === undefined ? 'added' : 'changed'} alias ${name} → ${model} in ${file}`);
    return EXIT_OK;
  } catch (error) {
    return reportProblems(error, io, false);
  }
}

/** `models alias rm NAME`: removes the alias from the user config. */
export async function runModelAliasRemove(name: string, io: CliIO): Promise<number> {
  const file = userConfigPath(io);
  try {
    const doc = parseDocument(await readText(file));
    if (doc.getIn(['models', name]) === undefined) {
      printError(io, `llm-do: no alias ${name} in ${file} (llm-do models lists the aliases and where each is defined)`);
      return EXIT_USAGE;
    }
    doc.deleteIn(['models', name]);
    const models = doc.get('models');
    if (isMap(models) && models.items.length === 0) doc.delete('models');
    await writeConfig(file, doc.toString(), name);
    printLine(io, `removed alias ${name} from ${file}`);
    return EXIT_OK;
  } catch (error) {
    return reportProblems(error, io, false);
  }
}
