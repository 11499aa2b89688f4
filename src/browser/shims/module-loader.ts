/** `modules/module-loader.ts` in the browser bundle: a page cannot import the project's TS/JS files. */
import type * as NodeModuleLoader from '../../modules/module-loader.ts';
import { notInBrowser } from './not-available.ts';

export const importModule: typeof NodeModuleLoader.importModule = async (hostPath) => {
  throw notInBrowser(
    `the TS/JS module ${hostPath}`,
    'a page cannot import project code (custom tools, schema modules)',
    'use JSON Schema files, or run the project with the llm-do CLI',
  );
};
