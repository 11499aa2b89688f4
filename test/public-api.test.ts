/**
 * The public API, entry by entry: every name each package entry exports (`type` marks a type only).
 * The lists are the surface users may rely on; a change to them is a change of the API, made on
 * purpose here and in docs/library-api.md, never by an export added or dropped in passing.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

const ENTRIES = {
  'llm-do': 'src/index.ts',
  'llm-do/testing': 'src/testkit/index.ts',
  'llm-do/telemetry': 'src/telemetry/index.ts',
  'llm-do/browser': 'src/browser/index.ts',
} as const;

const program = ts.createProgram(
  Object.values(ENTRIES).map((file) => path.join(ROOT, file)),
  { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, allowImportingTsExtensions: true, noEmit: true, skipLibCheck: true },
);
const checker = program.getTypeChecker();

/** The names `file` exports, sorted; a type-only export as `type Name`. */
function exportsOf(file: string): string[] {
  const module = checker.getSymbolAtLocation(program.getSourceFile(path.join(ROOT, file))!)!;
  return checker
    .getExportsOfModule(module)
    .map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return target.flags & ts.SymbolFlags.Value ? symbol.name : `type ${symbol.name}`;
    })
    .sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')));
}

const ERRORS = [
  'AbortedError',
  'DelegationError',
  'type DelegationErrorCode',
  'type ErrorKind',
  'LlmDoError',
  'ModelError',
  'ProjectError',
  'type ProjectErrorCode',
  'RunError',
  'type RunErrorCode',
  'SandboxError',
  'type SandboxErrorCode',
  'type SourceLocation',
  'ToolError',
  'type ToolErrorCode',
  'UsageError',
];

const sorted = (names: string[]) => [...names].sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')));

describe('the public API', () => {
  test('llm-do', () => {
    expect(exportsOf(ENTRIES['llm-do'])).toEqual(
      sorted([
        ...ERRORS,
        'type AnswerQuestion',
        'applyStateDelta',
        'type AnswerSource',
        'type ApprovalAnswer',
        'type ApprovalPrompter',
        'type ApprovalQuestion',
        'type ApprovalRequest',
        'type AssembledPrompt',
        'type ChatSession',
        'type ChatSessionOptions',
        'type ChatTurnResult',
        'checkProject',
        'type ConfigOverride',
        'createMemoryFileSystem',
        'createNodeFileSystem',
        'createPromptAssembler',
        'type Decision',
        'DEFAULT_MAX_DEPTH',
        'type DefinedTool',
        'defineTool',
        'type Diagnostic',
        'type DirEntry',
        'type FileKind',
        'type FileStat',
        'type FileSystem',
        'formatDiagnostic',
        'type Grant',
        'type JsonSchemaObject',
        'loadProject',
        'type LoadProjectOptions',
        'loadUserConfig',
        'type Manifest',
        'type ModelPromptEvent',
        'type OnApproval',
        'type OpenedDirectory',
        'type OpenedFile',
        'openProjectGrants',
        'type PendingApproval',
        'type PendingQuestion',
        'type Project',
        'type ProjectGrants',
        'type ProjectOptions',
        'type RecordedRunOptions',
        'type RequestUsage',
        'resumeRun',
        'type ResumeRunOptions',
        'type RunBeginning',
        'type RunEvent',
        'type RunEventListener',
        'type RunEventType',
        'type RunHandle',
        'type RunLogEntry',
        'type RunResult',
        'type RunSnapshot',
        'type RunStore',
        'runWorker',
        'type RunWorkerOptions',
        'type Sandbox',
        'type SandboxStat',
        'startChatSession',
        'type TokenUsage',
        'type ToolContext',
        'type ToolInputSchema',
        'type ToolRegistry',
        'type ToolSpec',
        'type UsageSummary',
        'type UserConfig',
        'type UserQuestion',
        'type UserQuestionRequest',
        'type WorkerConfig',
        'type WorkerDefinition',
      ]),
    );
  });

  test('llm-do/testing', () => {
    expect(exportsOf(ENTRIES['llm-do/testing'])).toEqual(
      sorted([
        'createTestModel',
        'minimalValueFor',
        'MockLanguageModelV4',
        'type NeutralMessage',
        'type NeutralToolCall',
        'type NeutralToolResult',
        'parseScript',
        'recordModel',
        'replayModel',
        'runWorkerForTest',
        'type ScriptedHandler',
        'scriptedModel',
        'type ScriptedProtocol',
        'type ScriptedReply',
        'type ScriptedRequest',
        'type ScriptedServer',
        'type ScriptedServerOptions',
        'type ScriptedUsage',
        'type ScriptedWebSearch',
        'type ScriptRule',
        'startScriptedServer',
        'type WorkerTestOptions',
        'type WorkerTestRun',
      ]),
    );
  });

  test('llm-do/telemetry', () => {
    expect(exportsOf(ENTRIES['llm-do/telemetry'])).toEqual(
      sorted([
        'attachSpanRecorder',
        'createSpanRecorder',
        'DEFAULT_EXPORT_TIMEOUT_MS',
        'ERROR_TYPES',
        'type OtlpTelemetry',
        'type OtlpTelemetryOptions',
        'type SpanRecorderOptions',
        'startOtlpTelemetry',
        'telemetrySettings',
        'type TelemetrySettings',
      ]),
    );
  });

  test('llm-do/browser', () => {
    expect(exportsOf(ENTRIES['llm-do/browser'])).toEqual(
      sorted([
        ...ERRORS,
        'type AnswerQuestion',
        'type ApprovalQuestion',
        'BROWSER_LIMITS',
        'createMemoryFileSystem',
        'createOpfsFileSystem',
        'type Decision',
        'DEFAULT_MAX_DEPTH',
        'type DirEntry',
        'type FileKind',
        'type FileStat',
        'type FileSystem',
        'type HostLimits',
        'loadProject',
        'type Manifest',
        'type MemoryFileSystem',
        'type OnApproval',
        'type OpenedDirectory',
        'type OpenedFile',
        'type OpenProjectOptions',
        'openProject',
        'type OpfsFileSystemOptions',
        'type PendingApproval',
        'type PendingQuestion',
        'type Project',
        'PROJECT_ROOT',
        'type ProjectOptions',
        'resumeRun',
        'type ResumeRunOptions',
        'type RunEvent',
        'type RunEventListener',
        'type RunEventType',
        'type RunHandle',
        'type RunResult',
        'type RunSnapshot',
        'runWorker',
        'type RunWorkerOptions',
        'type TokenUsage',
        'type UsageSummary',
        'type UserConfig',
        'type UserQuestion',
        'type WorkerConfig',
        'type WorkerDefinition',
      ]),
    );
  });

  test('no entry exports what only llm-do itself uses', () => {
    const internal = ['CallPaused', 'formatLocated', 'runWorkerWith', 'startResumedRun', 'startChatSessionWith', 'type RunInternals'];
    for (const file of Object.values(ENTRIES)) expect(exportsOf(file).filter((name) => internal.includes(name))).toEqual([]);
  });
});
