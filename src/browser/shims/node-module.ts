/**
 * `node:module` in the browser bundle. Only `createRequire(...).resolve` is used outside the shimmed
 * module loader: it finds a bare tool module specifier in node_modules, which a page does not have.
 */
import { notInBrowser } from './not-available.ts';

export function createRequire(): { resolve(specifier: string): never } {
  return {
    resolve(specifier) {
      throw notInBrowser(
        `the tool module ${specifier}`,
        'a page has no node_modules to find it in, nor can it import project code',
        'run the project with the llm-do CLI',
      );
    },
  };
}
