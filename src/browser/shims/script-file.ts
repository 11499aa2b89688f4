/** `models/script-file.ts` in the browser bundle: `scripted:FILE` reads its script from disk. */
import type * as NodeScriptFile from '../../models/script-file.ts';
import { notInBrowser } from './not-available.ts';

export const loadScriptedModel: typeof NodeScriptFile.loadScriptedModel = async (file) => {
  throw notInBrowser(
    `the model scripted:${file}`,
    'it reads its script from the disk',
    'use a provider with a baseURL (e.g. openai-compatible), or run the project with the llm-do CLI',
  );
};
