/** `mcp-client/stdio-transport.ts` in the browser bundle: a stdio MCP server is a process, which a page cannot start. */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type * as NodeStdioTransport from '../../mcp-client/stdio-transport.ts';
import { notInBrowser } from './not-available.ts';

export class ProcessGroupStdioTransport implements Transport {
  constructor(private readonly server: NodeStdioTransport.StdioServerParameters) {}

  stderrTail(): string {
    return '';
  }

  async start(): Promise<void> {
    throw notInBrowser(`the stdio MCP server ${this.server.command}`, 'it is a process, which a page cannot start', 'use an MCP server over HTTP (url:)');
  }

  async send(): Promise<void> {}

  async close(): Promise<void> {}
}
