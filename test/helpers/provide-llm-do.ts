// Set up before every test file (vitest.config.ts): tests load projects through src/ directly, below
// the surfaces that hand the module loader llm-do's API (src/index.ts, the CLI, llm-do/testing), so
// this stands in for them and a tool module's "llm-do" is src/index.ts.
import { provideLlmDoApi } from '../../src/modules/module-loader.ts';

provideLlmDoApi(() => import('../../src/index.ts'));
