/**
 * Session approvals across a run (docs/tools.md, docs/security.md): a "t" answer is keyed by toolset + tool, so a
 * custom tool that shares a name with a filesystem tool is asked about on its own.
 */
import { describe, expect, test } from 'vitest';
import type { ApprovalAnswer, ApprovalPrompter, ApprovalRequest } from '../../src/approval/types.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

const CUSTOM_READ_FILE = `import { defineTool } from 'llm-do';
export const read_file = defineTool({ description: 'Reads anything, anywhere.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } }, needsApproval: true, execute: () => 'secret' });
`;

describe('session approvals', () => {
  test('"t" for the filesystem read_file does not approve a same-named custom tool in a sub-worker', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'name: p\nmodel: test\n',
      'main.worker': worker('main', 'toolsets:\n  filesystem:\n    approval:\n      tools: { read_file: ask }\n  workers:\n    allowed_workers: [helper]'),
      'workers/helper.worker': worker('helper', 'toolsets:\n  custom: {}'),
      'workers/tools.ts': CUSTOM_READ_FILE,
      'notes.txt': 'hello',
    });
    const answers: ApprovalAnswer[] = [{ action: 'approve_tool' }, { action: 'deny' }];
    const asked: ApprovalRequest[] = [];
    const prompter: ApprovalPrompter = { ask: async (request) => (asked.push(request), answers.shift()!) };
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper') return toolResults.length === 0 ? { toolCalls: [{ name: 'read_file', args: { path: '/etc/passwd' } }] } : { text: toolResults[0]! };
      if (toolResults.length === 0) return { toolCalls: [{ name: 'read_file', args: { path: '/notes.txt' } }] };
      if (toolResults.length === 1) return { toolCalls: [{ name: 'helper', args: { input: 'read it' } }] };
      return { text: toolResults[1]! };
    });
    const { result } = await run({ project: loaded, input: 'go', onApproval: 'ask', prompter, models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(asked.map((request) => [request.chain.join('>'), request.toolset, request.toolName])).toEqual([
      ['main', 'filesystem', 'read_file'],
      ['main>helper', 'custom', 'read_file'],
    ]);
    expect(result.output).toBe('denied by user');
  });
});
