/**
 * `llm-do ui` as a subprocess for the e2e tests: started on a free port in a project with its own
 * LLM_DO_HOME, its URL and token read from stderr, and raw HTTP requests with any Host, Origin or
 * cookie (fetch would refuse to set some of them).
 */
import fs from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startCli, type CliProcess, type CliResult } from './run-cli.ts';

export interface RunningUi {
  process: CliProcess;
  /** The URL printed, with its token. */
  url: string;
  port: number;
  token: string;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  /** The cookie a page gets for the token. */
  cookie: string;
  /** Ctrl-C, then the process's result. */
  stop(): Promise<CliResult>;
}

/** Starts `llm-do ui ARGS…` and waits until it prints its URL. */
export async function startUi(args: readonly string[], options: { cwd: string; env: Record<string, string> }): Promise<RunningUi> {
  const process = startCli(['ui', ...args], { cwd: options.cwd, env: options.env, timeoutMs: 120_000 });
  let stderr = '';
  process.child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  await process.waitForStderr('(Ctrl-C stops)');
  const url = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(stderr)![1]!;
  const parsed = new URL(url);
  const port = Number(parsed.port);
  const token = parsed.searchParams.get('token')!;
  return {
    process,
    url,
    port,
    token,
    origin: `http://127.0.0.1:${port}`,
    cookie: `llm-do-ui-${port}=${token}`,
    stop() {
      process.child.kill('SIGINT');
      return process.result;
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request to the UI with exactly the headers given (Host defaults to the server's). */
export function rawRequest(
  ui: RunningUi,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: ui.port, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${ui.port}`, ...options.headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * A project whose main worker writes a file (which asks for approval), a `report` worker that takes
 * a JSON object (`schema_in`), and a script (for `--model scripted:FILE`) that makes main write and
 * then answer with hostile HTML.
 */
export function writeUiProject(dir: string): { root: string; script: string } {
  const root = path.join(dir, 'project');
  fs.mkdirSync(path.join(root, 'out'), { recursive: true });
  fs.writeFileSync(path.join(root, 'project.yaml'), 'name: notes\n');
  fs.writeFileSync(
    path.join(root, 'main.worker'),
    '---\nname: main\ndescription: Writes a note.\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }\n---\nYou are worker main.\n',
  );
  fs.mkdirSync(path.join(root, 'workers'));
  fs.writeFileSync(
    path.join(root, 'workers/report.worker'),
    '---\nname: report\ndescription: Reports on a topic.\nschema_in:\n  type: object\n  properties: { topic: { type: string } }\n  required: [topic]\n---\nYou are worker report. Report on {{ topic }}.\n',
  );
  const script = path.join(dir, 'script.yaml');
  fs.writeFileSync(
    script,
    [
      '- match: { worker: main, turn: 1 }',
      '  respond: { tool_calls: [{ name: write_file, args: { path: /out/note.txt, content: "<img src=x onerror=alert(1)>" } }] }',
      '- match: { worker: main, turn: 2 }',
      '  respond: { text: "wrote it <script>window.pwned = 1</script><img src=x onerror=\\"window.pwned = 2\\">" }',
      '- match: { worker: report }',
      '  respond: { text: "a report" }',
      '',
    ].join('\n'),
  );
  return { root, script };
}

/** A new page of `browser` collecting the page's uncaught errors and console errors, which a test expects to stay empty. */
export async function openUiPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  return { page, errors };
}
