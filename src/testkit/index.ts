/**
 * Test doubles for llm-do projects and for llm-do itself (`import … from 'llm-do/testing'`):
 * a scripted HTTP server speaking the real provider protocols, the offline `test` model, scripted
 * models and cassettes (docs/testing.md), a helper that runs a worker in a temporary copy of its project,
 * and the AI SDK's `MockLanguageModelV3` for in-process mocks.
 *
 * @module llm-do/testing
 */
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
export { MockLanguageModelV3 } from 'ai/test';
