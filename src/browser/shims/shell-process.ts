/** `tools/shell-process.ts` in the browser bundle: a page cannot start processes. */
import type * as NodeShellProcess from '../../tools/shell/process.ts';
import { notInBrowser } from './not-available.ts';

export const canRunBwrap: typeof NodeShellProcess.canRunBwrap = async () => false;

export const runProcess: typeof NodeShellProcess.runProcess = async () => {
  throw notInBrowser('the shell toolset', 'it runs commands as processes, which a page cannot start', 'run the project with the llm-do CLI');
};
