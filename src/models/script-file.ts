/** Reads the script of `--model scripted:FILE` (YAML or JSON) into a scripted model. */
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { ProjectError } from '../errors.ts';
import { readRegularFileText } from './regular-file.ts';
import { scriptedModel } from './scripted-model.ts';

/** `file` is relative to the current directory. Errors name the file, and the rule and field when a rule is wrong. */
export async function loadScriptedModel(file: string): Promise<ReturnType<typeof scriptedModel>> {
  let text: string;
  try {
    text = readRegularFileText(resolve(file));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ProjectError(
      'file-not-found',
      `scripted model ${file}: ${missing ? 'no such file' : (error as Error).message} (scripted:FILE names a YAML or JSON script, relative to the current directory)`,
      { field: 'model' },
    );
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw new ProjectError('invalid-field', `scripted model ${file}: not valid YAML or JSON (${(error as Error).message.split('\n')[0]})`, { field: 'model' });
  }
  return scriptedModel(value, file);
}
