/**
 * Test doubles for llm-do projects and for llm-do itself (`import … from 'llm-do/testing'`):
 * a scripted HTTP server speaking the real provider protocols, the offline `test` model, scripted
 * models and cassettes (docs/testing.md), a helper that runs a worker in a temporary copy of its project,
 * and the AI SDK's `MockLanguageModelV4` for in-process mocks.
 *
 * @module llm-do/testing
 */
import { provideLlmDoApi } from '../modules/module-loader.ts';

export { startScriptedServer, type ScriptedServerOptions } from './scripted-server.ts';
export type {
  NeutralMessage,
  NeutralToolCall,
  NeutralToolResult,
  ScriptedHandler,
  ScriptedProtocol,
  ScriptedReply,
  ScriptedUsage,
  ScriptedWebSearch,
  ScriptedRequest,
  ScriptedServer,
} from './scripted-types.ts';
export { createTestModel } from '../models/test-model.ts';
export { scriptedModel, parseScript, type ScriptRule } from '../models/scripted-model.ts';
export { recordModel, replayModel } from '../models/cassette-file.ts';
export { runWorkerForTest, type WorkerTestOptions, type WorkerTestRun } from '../test-runner/run-tests.ts';
export { minimalValueFor } from '../models/minimal-value.ts';
export { MockLanguageModelV4 } from 'ai/test';

// The projects runWorkerForTest loads get the library entry for "llm-do", as under `llm-do` itself.
provideLlmDoApi(() => import('../index.ts'));
