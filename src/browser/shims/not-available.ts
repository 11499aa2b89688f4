/** The error of a Node-only feature reached in the browser bundle (docs/browser.md). */
import { ProjectError } from '../../errors.ts';

/** `what` is not available in the browser because of `why`; `instead` says what works there. */
export function notInBrowser(what: string, why: string, instead: string): ProjectError {
  return new ProjectError('not-available', `${what} is not available in the browser: ${why}; ${instead}`);
}
