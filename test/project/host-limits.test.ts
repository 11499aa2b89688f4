/**
 * Host limits (`ProjectOptions.hostLimits`, what the browser sets): planning refuses every toolset and
 * schema the host cannot run, each naming the worker and its field, before any request.
 */
import { describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { loadProject } from '../../src/project/load-project.ts';
import type { HostLimits } from '../../src/project/types.ts';
import { planWorker } from '../../src/project/worker-plan.ts';
import { runWorker } from '../../src/runtime/index.ts';
import { createMemoryFileSystem } from '../../src/sandbox/memory-file-system.ts';

const BROWSER: HostLimits = { host: 'the browser', noProcesses: true, noCodeModules: true };

const MANIFEST = `name: limits
model: test
mcp_servers:
  local: { command: node, args: [server.js] }
  remote: { url: "http://127.0.0.1:9/mcp" }
`;

function worker(name: string, front: string): string {
  return `---\nname: ${name}\n${front}---\nDo it.\n`;
}

async function problemsOf(front: string, hostLimits: HostLimits | undefined, files: Record<string, string> = {}) {
  const fs = createMemoryFileSystem({
    '/p/project.yaml': MANIFEST,
    '/p/main.worker': worker('main', front),
    '/p/tools.ts': 'export const x = 1;\n',
    '/p/schemas.ts': 'export const Out = {};\n',
    ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`/p/${path}`, text])),
  });
  const project = await loadProject({ fs, root: '/p', homeDir: '/home', env: {}, ...(hostLimits ? { hostLimits } : {}) });
  const { problems } = await planWorker(project, await project.resolveWorker('main'), { env: {} });
  return problems.filter((problem) => problem.code === 'not-available').map((problem) => ({ field: problem.location.field, message: problem.detail }));
}

describe('host limits', () => {
  it('refuse shell, custom, stdio MCP servers and schema modules in the browser, naming worker and field', async () => {
    const front = 'toolsets:\n  shell: {}\n  custom: {}\n  mcp:local: {}\n  mcp:remote: {}\nschema_out: schemas.ts:Out\n';
    expect(await problemsOf(front, BROWSER)).toEqual([
      {
        field: 'toolsets.shell',
        message:
          'worker main: toolset shell is not available in the browser: it runs commands as processes, which the browser cannot start; remove it, or run the project with the llm-do CLI',
      },
      {
        field: 'toolsets.mcp:local',
        message:
          'worker main: toolset mcp:local is not available in the browser: its server (mcp_servers.local in project.yaml) is a stdio command, a process the browser cannot start; use an MCP server over HTTP (url:), or run the project with the llm-do CLI',
      },
      {
        field: 'toolsets.custom',
        message:
          'worker main: toolset custom is not available in the browser: its tools are TS/JS modules of the project, which the browser cannot import; remove it, or run the project with the llm-do CLI',
      },
      {
        field: 'schema_out',
        message:
          'worker main: schema_out "schemas.ts:Out" is not available in the browser: it is a TS/JS module, which the browser cannot import; use a JSON Schema file (schemas/NAME.json) or an inline schema',
      },
    ]);
  });

  it('refuse nothing on Node, nor what the host can do', async () => {
    const front = 'toolsets:\n  shell: {}\n  custom: {}\n  mcp:local: {}\nschema_out: schemas.ts:Out\n';
    expect(await problemsOf(front, undefined)).toEqual([]);
    expect(
      await problemsOf('toolsets:\n  filesystem: {}\n  mcp:remote: {}\nschema_out: schemas/out.json\n', BROWSER, { 'schemas/out.json': '{"type":"object"}' }),
    ).toEqual([]);
    expect((await problemsOf(front, { host: 'a sandbox', noProcesses: true })).map((problem) => problem.field)).toEqual([
      'toolsets.shell',
      'toolsets.mcp:local',
    ]);
  });

  it('stop a run before its first request, for a callee too', async () => {
    const fs = createMemoryFileSystem({
      '/p/main.worker': worker('main', 'model: test\ntoolsets:\n  workers:\n    allowed_workers: [runner]\n'),
      '/p/workers/runner.worker': worker('runner', 'model: test\ntoolsets:\n  shell: {}\n'),
    });
    const project = await loadProject({ fs, root: '/p', homeDir: '/home', env: {}, hostLimits: BROWSER });
    const events: string[] = [];
    const result = await runWorker({ project, input: 'go', env: {}, onEvent: (event) => void events.push(event.type) }).result;
    expect(result.status).toBe('error');
    expect(ProjectError.isInstance(result.error) && result.error.code).toBe('not-available');
    expect(result.error?.message).toBe(
      'workers/runner.worker: worker runner: toolset shell is not available in the browser: it runs commands as processes, which the browser cannot start; remove it, or run the project with the llm-do CLI',
    );
    expect(events).not.toContain('model_request');
  });
});
