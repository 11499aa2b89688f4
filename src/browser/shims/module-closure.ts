/** `modules/module-closure.ts` in the browser bundle: a page runs no project code, so a module's closure is the module itself. */
import type * as NodeModuleClosure from '../../modules/module-closure.ts';

export const moduleClosure: typeof NodeModuleClosure.moduleClosure = (hostPath) => ({ files: [hostPath], local: [], packages: [], unresolved: [] });
