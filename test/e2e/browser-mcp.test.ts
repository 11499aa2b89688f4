/**
 * An MCP server over Streamable HTTP from a page (docs/mcp.md, docs/browser.md): the bundle's MCP client reaches
 * `@modelcontextprotocol/server-everything` on 127.0.0.1 with the page's `fetch` (the server allows
 * other origins), and a worker calls its `echo` tool.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../../src/testkit/index.ts';
import { openBundlePage, type BundlePage } from '../helpers/bundle-page.ts';
import { CHROMIUM_LAUNCH_TIMEOUT_MS, chromiumMissing } from '../helpers/chromium.ts';
import { REPO_ROOT } from './helpers/run-cli.ts';

const EVERYTHING = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(chromiumMissing)('an HTTP MCP server from llm-do/browser', { timeout: 60_000 }, () => {
  let mcp: ChildProcess;
  let mcpUrl: string;
  let browser: BundlePage;
  let server: ScriptedServer;
  beforeAll(async () => {
    const port = await freePort();
    mcp = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server-everything (HTTP) did not start')), 15_000);
      const onData = (chunk: Buffer) => {
        if (!/listening/i.test(chunk.toString())) return;
        clearTimeout(timer);
        resolve();
      };
      mcp.stderr!.on('data', onData);
      mcp.stdout!.on('data', onData);
    });
    mcpUrl = `http://127.0.0.1:${port}/mcp`;
    [browser, server] = await Promise.all([
      openBundlePage(),
      startScriptedServer(
        (request) => {
          const echo = request.tools.find((tool) => tool.includes('echo'));
          if (echo === undefined) return { text: `no echo tool among ${request.tools.join(', ')}` };
          return request.toolResults.length === 0
            ? { toolCalls: [{ name: echo, args: { message: 'from the page' } }] }
            : { text: `echoed: ${request.toolResults[0]!.content}` };
        },
        { cors: true },
      ),
    ]);
  }, CHROMIUM_LAUNCH_TIMEOUT_MS);
  afterAll(async () => {
    mcp?.kill();
    await Promise.all([browser?.close(), server?.close()]);
  });

  test('a worker calls a tool of the server', async () => {
    const seen = await browser.page.evaluate(
      async ({ files, baseURL }) => {
        const llm = globalThis.llmDo;
        const project = await llm.openProject({ files });
        const done = await llm.runWorker({ project, input: 'go', env: { OPENAI_COMPATIBLE_BASE_URL: baseURL } }).result;
        return { status: done.status, output: done.output, error: done.error?.message };
      },
      {
        files: {
          'project.yaml': `name: mcp-page\nmcp_servers:\n  web: { url: "${mcpUrl}" }\n`,
          'main.worker':
            '---\nname: main\nmodel: openai-compatible:scripted\ntoolsets:\n  mcp:web:\n    tools: [echo]\n    approval: { default: preApproved }\n---\nEcho.\n',
        },
        baseURL: server.openaiBaseUrl,
      },
    );
    expect(seen.error).toBeUndefined();
    expect(seen.status).toBe('ok');
    expect(seen.output).toMatch(/^echoed: .*from the page/);
  });
});
