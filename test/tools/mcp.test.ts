import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import type { McpConnection } from '../../src/mcp-client/connection.ts';
import { MCP_RESULT_MAX_CHARS, mcpToolName, mcpTools } from '../../src/tools/mcp.ts';
import type { ToolContext } from '../../src/tools/types.ts';

const schema = { type: 'object' as const, properties: {} };

function connection(
  tools: Partial<Tool>[],
  answer: (name: string) => CallToolResult = () => ({ content: [{ type: 'text', text: 'ok' }] }),
  gone?: string,
): McpConnection {
  return {
    name: 'srv',
    tools: tools.map((tool) => ({ inputSchema: schema, ...tool }) as Tool),
    gone,
    callTool: async (name) => answer(name),
    close: async () => {},
  };
}

const context = { signal: new AbortController().signal } as ToolContext;

describe('mcp:NAME tools', () => {
  it('are named NAME__tool, sanitised and cut to 64 characters', () => {
    expect(mcpToolName('gh', 'get-issue')).toBe('gh__get-issue');
    expect(mcpToolName('gh', 'repo.list/all')).toBe('gh__repo_list_all');
    expect(mcpToolName('gh', 'x'.repeat(100))).toHaveLength(64);
  });

  it('select by glob, default to ask, and carry the server name and what the server claims', () => {
    const tools = mcpTools(
      { tools: ['get_*'] },
      connection([{ name: 'get_a', annotations: { readOnlyHint: true, destructiveHint: false } }, { name: 'set_a' }]),
    );
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      name: 'srv__get_a',
      sourceName: 'get_a',
      toolset: 'mcp:srv',
      defaultRule: 'ask',
      approvalNote: '[server says, unverified: readOnlyHint]',
    });
  });

  it('two tools mapping to one name are an error naming both', () => {
    expect(() => mcpTools({}, connection([{ name: 'a.b' }, { name: 'a_b' }]))).toThrow(ProjectError);
    expect(() => mcpTools({}, connection([{ name: 'a.b' }, { name: 'a_b' }]))).toThrow('offers the tools "a.b" and "a_b", which both become srv__a_b');
  });

  it('turn an oversized result, an isError result and a gone server into failures', async () => {
    const big = mcpTools(
      {},
      connection([{ name: 'big' }], () => ({ content: [{ type: 'text', text: 'x'.repeat(MCP_RESULT_MAX_CHARS + 1) }] })),
    )[0]!;
    await expect(big.execute({}, context)).rejects.toThrow(`more than the ${MCP_RESULT_MAX_CHARS} a tool result may have`);
    const failing = mcpTools(
      {},
      connection([{ name: 'f' }], () => ({ content: [{ type: 'text', text: 'no such repo' }], isError: true })),
    )[0]!;
    await expect(failing.execute({}, context)).rejects.toThrow('no such repo');
    const gone = mcpTools({}, connection([{ name: 'g' }], undefined, 'the MCP server srv stopped'))[0]!;
    await expect(gone.execute({}, context)).rejects.toThrow('the MCP server srv stopped');
  });

  it('return structured content when there is some, else the text', async () => {
    const structured = mcpTools(
      {},
      connection([{ name: 's' }], () => ({ content: [], structuredContent: { n: 1 } })),
    )[0]!;
    expect(await structured.execute({}, context)).toEqual({ n: 1 });
    const text = mcpTools({}, connection([{ name: 't' }]))[0]!;
    expect(await text.execute({}, context)).toBe('ok');
  });
});
