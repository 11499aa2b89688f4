import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../e2e/helpers/run-cli.ts';
import { approvalForTool, enabledToolsets, TOOLSET_KINDS } from '../../src/tools/registry.ts';
import { ToolsetsSchema } from '../../src/worker-file/schema.ts';

describe('toolset registry', () => {
  it('has one kind per key of ToolsetsSchema, and the docs table lists each as written', () => {
    const schemaKeys = Object.keys((ToolsetsSchema as unknown as { _zod: { def: { out: { shape: object } } } })._zod.def.out.shape);
    expect(TOOLSET_KINDS.map((kind) => kind.kind).sort()).toEqual(schemaKeys.sort());
    const tools = fs.readFileSync(path.join(REPO_ROOT, 'docs/tools.md'), 'utf8');
    for (const kind of TOOLSET_KINDS) expect(tools).toContain(`| \`${kind.written ?? kind.kind}\` |`);
  });

  it('enables toolsets in registry order, one per MCP server, skipping false', () => {
    const toolsets = ToolsetsSchema.parse({ 'mcp:b': {}, shell: null, filesystem: false, 'mcp:a': { tools: ['x'] }, 'mcp:off': false });
    expect(enabledToolsets(toolsets).map((toolset) => toolset.name)).toEqual(['shell', 'mcp:b', 'mcp:a']);
  });

  it('matches MCP approval keys as globs over the server tool name, first match winning', () => {
    const toolsets = ToolsetsSchema.parse({ 'mcp:gh': { approval: { default: 'ask', tools: { 'get_*': 'preApproved', '*': 'blocked' } } } });
    const rule = (sourceName: string) => approvalForTool(toolsets, { toolset: 'mcp:gh', name: `gh__${sourceName}`, sourceName })?.tools;
    expect(rule('get_issue')).toEqual({ gh__get_issue: 'preApproved' });
    expect(rule('delete_repo')).toEqual({ gh__delete_repo: 'blocked' });
    // Other toolsets keep exact names: a glob-looking key is just a name there.
    const shell = ToolsetsSchema.parse({ filesystem: { approval: { tools: { 'read_*': 'blocked' } } } });
    expect(approvalForTool(shell, { toolset: 'filesystem', name: 'read_file' })?.tools).toEqual({ 'read_*': 'blocked' });
  });
});
