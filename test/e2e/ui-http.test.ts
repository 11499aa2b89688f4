/**
 * `llm-do ui` over plain HTTP, through the built CLI (docs/ui.md): it answers only on 127.0.0.1 with
 * its token and its own Host, refuses a state-changing request from another origin without
 * changing anything, checks every request body, and stops cleanly on Ctrl-C. The page in a real
 * browser is tested in ui.test.ts.
 */
import fs from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';
import { rawRequest, startUi, writeUiProject, type RunningUi } from './helpers/ui.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-ui-http-'));

/** A fresh project and LLM_DO_HOME with one run paused on its write_file call. */
async function pausedSetup(): Promise<{ root: string; env: Record<string, string>; runId: string; approvalId: string; script: string }> {
  const dir = fs.mkdtempSync(path.join(tmp, 'case-'));
  const { root, script } = writeUiProject(dir);
  const env = { LLM_DO_HOME: path.join(dir, 'home'), USER: 'ada' };
  const paused = await runCli(['.', 'go', '--model', `scripted:${script}`, '--on-approval', 'pause', '--json'], { cwd: root, env });
  expect(paused.code, paused.stderr).toBe(3);
  const { run_id, pending } = JSON.parse(paused.stdout);
  return { root, env, runId: run_id, approvalId: pending[0].approval_id, script };
}

async function cliJson(args: string[], setup: { root: string; env: Record<string, string> }): Promise<any> {
  const result = await runCli([...args, '--json'], { cwd: setup.root, env: setup.env });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

async function withUi<T>(setup: { root: string; env: Record<string, string> }, args: string[], work: (ui: RunningUi) => Promise<T>): Promise<T> {
  const ui = await startUi(args, { cwd: setup.root, env: setup.env });
  try {
    return await work(ui);
  } finally {
    const stopped = await ui.stop();
    expect(stopped.code, stopped.stderr).toBe(0);
  }
}

const json = { 'content-type': 'application/json' };

afterAll(closeServers);

describe('llm-do ui over HTTP', { timeout: 120_000 }, () => {
  test("every request needs the token and the server's own Host; the page's URL trades the token for a cookie", async () => {
    const setup = await pausedSetup();
    await withUi(setup, [], async (ui) => {
      for (const target of ['/', '/app.js', '/style.css', '/api/runs', `/api/runs/${setup.runId}`, '/api/project', '/api/live/runs', '/nope']) {
        const bare = await rawRequest(ui, target);
        expect(bare.status, target).toBe(403);
        expect(JSON.parse(bare.body).error).toMatch(/missing or wrong token: open the URL llm-do ui printed/);
        expect(bare.body).not.toContain(setup.runId);
        expect((await rawRequest(ui, target, { headers: { cookie: `llm-do-ui-${ui.port}=wrong` } })).status, target).toBe(403);
      }
      // DNS rebinding: the attacker's name in Host, even with the token.
      for (const host of ['evil.example', `evil.example:${ui.port}`, `127.0.0.1:${ui.port + 1}`]) {
        const rebound = await rawRequest(ui, '/api/runs', { headers: { host, cookie: ui.cookie } });
        expect(rebound.status, host).toBe(403);
        expect(JSON.parse(rebound.body).error).toContain(`answers only to Host 127.0.0.1:${ui.port}`);
      }
      // Nothing answers on the machine's other addresses.
      const outside = Object.values(os.networkInterfaces())
        .flat()
        .find((address) => address && !address.internal && address.family === 'IPv4');
      if (outside) {
        const socket = connect({ host: outside.address, port: ui.port });
        const reached = await new Promise<string>((resolve) => {
          socket.on('connect', () => resolve('connected'));
          socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
          socket.setTimeout(5000, () => resolve('timeout'));
        });
        socket.destroy();
        expect(reached).not.toBe('connected');
      }
      const landing = await rawRequest(ui, `/?token=${ui.token}`);
      expect(landing.status).toBe(303);
      expect(landing.headers.location).toBe('/');
      expect(landing.headers['set-cookie']).toEqual([`${ui.cookie}; Path=/; HttpOnly; SameSite=Strict`]);
      const page = await rawRequest(ui, '/', { headers: { cookie: ui.cookie } });
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.body).toContain('<script type="module" src="/app.js"></script>');
      const runs = JSON.parse((await rawRequest(ui, '/api/runs', { headers: { cookie: ui.cookie } })).body);
      expect(runs).toMatchObject({ runs: [{ id: setup.runId, status: 'paused' }], undecided: { [setup.runId]: 1 } });
      expect((await rawRequest(ui, '/api/runs/ffffffff', { headers: { cookie: ui.cookie } })).status).toBe(404);
      expect((await rawRequest(ui, '/api/runs/%E0%A4%A', { headers: { cookie: ui.cookie } })).status).toBe(404);
      expect((await rawRequest(ui, '/api/live/runs/ffffffff', { headers: { cookie: ui.cookie } })).status).toBe(404);
    });
  });

  test('a POST from another origin is refused and changes nothing: no decision, no resume, no new run', async () => {
    const setup = await pausedSetup();
    await withUi(setup, [], async (ui) => {
      const decide = JSON.stringify({ decisions: [{ approval_id: setup.approvalId, action: 'approve' }] });
      const attempts: [string, string, Record<string, string>][] = [
        [`/api/runs/${setup.runId}/decisions`, decide, { origin: 'http://evil.example' }],
        [`/api/runs/${setup.runId}/decisions`, decide, { origin: `http://127.0.0.1:${ui.port + 1}` }],
        [`/api/runs/${setup.runId}/decisions`, decide, { origin: ui.origin, 'sec-fetch-site': 'cross-site' }],
        // The cookie alone, no Origin: what an old browser's cross-site form would send.
        [`/api/runs/${setup.runId}/decisions`, decide, {}],
        [`/api/runs/${setup.runId}/resume`, '{}', { origin: 'http://evil.example' }],
        ['/api/runs', JSON.stringify({ worker: 'main', input: 'again' }), { origin: 'http://evil.example' }],
      ];
      for (const [target, body, headers] of attempts) {
        const answer = await rawRequest(ui, target, { method: 'POST', body, headers: { ...json, cookie: ui.cookie, ...headers } });
        expect(answer.status, `${target} ${JSON.stringify(headers)}`).toBe(403);
        expect(JSON.parse(answer.body).error).toMatch(/must come from the page itself/);
      }
      // A form post from the page's own origin is not JSON: refused before anything is read.
      const form = await rawRequest(ui, `/api/runs/${setup.runId}/decisions`, {
        method: 'POST',
        body: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: ui.cookie, origin: ui.origin },
      });
      expect(form.status).toBe(415);
    });
    const approvals = await cliJson(['approvals', setup.runId], setup);
    expect(approvals.runs[0].pending[0].decision).toBeUndefined();
    const runs = await cliJson(['runs'], setup);
    expect(runs.runs.map((run: { id: string; status: string }) => [run.id, run.status])).toEqual([[setup.runId, 'paused']]);
  });

  test("from the page's origin: decide, resume, and the run completes; bad bodies are 400s naming the field", async () => {
    const setup = await pausedSetup();
    await withUi(setup, [], async (ui) => {
      const post = (target: string, body: unknown) =>
        rawRequest(ui, target, { method: 'POST', body: JSON.stringify(body), headers: { ...json, cookie: ui.cookie, origin: ui.origin } });
      const early = await post(`/api/runs/${setup.runId}/resume`, {});
      expect(early.status).toBe(409);
      expect(JSON.parse(early.body).error).toMatch(/still has 1 undecided approval\(s\) \(write_file\); approve or deny each first/);
      const bad = await post(`/api/runs/${setup.runId}/decisions`, { decisions: [{ approval_id: setup.approvalId, action: 'yes' }] });
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body).error).toBe('decisions[0].action: expected "approve" or "deny", got "yes"');
      const broken = await rawRequest(ui, `/api/runs/${setup.runId}/decisions`, {
        method: 'POST',
        body: '{',
        headers: { ...json, cookie: ui.cookie, origin: ui.origin },
      });
      expect(broken.status).toBe(400);
      expect(JSON.parse(broken.body).error).toMatch(/^the request body is not JSON/);
      const decided = await post(`/api/runs/${setup.runId}/decisions`, { decisions: [{ approval_id: setup.approvalId, action: 'approve' }] });
      expect(decided.status, decided.body).toBe(200);
      expect(JSON.parse(decided.body).pending[0].decision).toMatchObject({ decision: { action: 'approve' }, decided_by: expect.stringMatching(/^ada@/) });
      // A program may use the header instead of the cookie, without an Origin.
      const resumed = await rawRequest(ui, `/api/runs/${setup.runId}/resume`, { method: 'POST', body: '{}', headers: { ...json, 'x-llm-do-token': ui.token } });
      expect(resumed.status, resumed.body).toBe(202);
      expect(JSON.parse(resumed.body)).toEqual({ run_id: setup.runId });
      let run: { status: string; output: unknown } | undefined;
      for (let attempt = 0; attempt < 200 && run?.status !== 'ok'; attempt++) {
        run = JSON.parse((await rawRequest(ui, `/api/runs/${setup.runId}`, { headers: { cookie: ui.cookie } })).body).run;
        if (run?.status !== 'ok') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(run).toMatchObject({ status: 'ok', output: expect.stringContaining('wrote it') });
      const search = (q: string) => rawRequest(ui, `/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie: ui.cookie } });
      const hits = JSON.parse((await search('wrote it')).body).runs;
      expect(hits).toMatchObject([{ run: { id: setup.runId, status: 'ok' } }]);
      expect(hits[0].matches.map((match: { snippet: string }) => match.snippet).join(' ')).toContain('[wrote it]');
      expect(JSON.parse((await search('"never said')).body)).toEqual({ runs: [] });
      const empty = await search(' ');
      expect(empty.status).toBe(400);
      expect(JSON.parse(empty.body).error).toBe('q: expected some text to look for, e.g. /api/search?q=invoice');
      const again = await post(`/api/runs/${setup.runId}/resume`, {});
      expect(again.status).toBe(409);
      expect(JSON.parse(again.body).error).toBe(`run ${setup.runId} is ok; only a paused or interrupted run can be resumed`);
    });
    expect(fs.readFileSync(path.join(setup.root, 'out/note.txt'), 'utf8')).toBe('<img src=x onerror=alert(1)>');
    expect((await cliJson(['runs', 'show', setup.runId], setup)).run).toMatchObject({ status: 'ok', exit_code: 0 });
  });

  test("a start request is checked against the project's workers; without a project the page can only watch", async () => {
    const setup = await pausedSetup();
    await withUi(setup, ['--model', `scripted:${setup.script}`], async (ui) => {
      const post = (body: unknown) =>
        rawRequest(ui, '/api/runs', { method: 'POST', body: JSON.stringify(body), headers: { ...json, cookie: ui.cookie, origin: ui.origin } });
      const project = JSON.parse((await rawRequest(ui, '/api/project', { headers: { cookie: ui.cookie } })).body);
      expect(project).toEqual({
        project: {
          name: 'notes',
          root: setup.root,
          workers: [
            { id: 'main', description: 'Writes a note.', structured: false },
            // Its schema_in, inline, for the start form's fields.
            {
              id: 'report',
              description: 'Reports on a topic.',
              structured: true,
              schema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
            },
          ],
          model: `scripted:${setup.script}`,
        },
      });
      const unknown = await post({ worker: 'nope', input: 'x' });
      expect(unknown.status).toBe(400);
      expect(JSON.parse(unknown.body).error).toBe('worker: expected one of main, report, got "nope"');
      // A run that cannot begin says why: its input does not match the worker's schema_in.
      const invalid = await post({ worker: 'report', input: '{"subject": "tides"}' });
      expect(invalid.status, invalid.body).toBe(400);
      expect(JSON.parse(invalid.body).error).toBe(
        'input for worker report does not match its schema_in (the start form): topic: Invalid input: expected string, received undefined',
      );
      const report = await post({ worker: 'report', input: '{"topic": "tides"}' });
      expect(report.status, report.body).toBe(202);
      const reportRun = JSON.parse(report.body).run_id;
      let shown: { status: string; output: unknown } | undefined;
      for (let attempt = 0; attempt < 200 && shown?.status !== 'ok'; attempt++) {
        shown = JSON.parse((await rawRequest(ui, `/api/runs/${reportRun}`, { headers: { cookie: ui.cookie } })).body).run;
        if (shown?.status !== 'ok') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(shown).toMatchObject({ status: 'ok', output: 'a report', input: { topic: 'tides' } });
      const started = await post({ worker: 'main', input: 'again' });
      expect(started.status, started.body).toBe(202);
      expect(JSON.parse(started.body).run_id).toMatch(/^[0-9a-f-]{36}$/);
    });
    const outside = fs.mkdtempSync(path.join(tmp, 'outside-'));
    await withUi({ root: outside, env: setup.env }, [], async (ui) => {
      const project = JSON.parse((await rawRequest(ui, '/api/project', { headers: { cookie: ui.cookie } })).body).project;
      expect(project.unavailable).toMatch(
        /^no project to start runs in \(not a project: .*\); start llm-do ui in a project directory, or name one: llm-do ui \.\/my-project$/,
      );
      const refused = await rawRequest(ui, '/api/runs', {
        method: 'POST',
        body: JSON.stringify({ worker: 'main', input: 'x' }),
        headers: { ...json, cookie: ui.cookie, origin: ui.origin },
      });
      expect(refused.status).toBe(409);
      // Runs of every project are still listed.
      expect(JSON.parse((await rawRequest(ui, '/api/runs', { headers: { cookie: ui.cookie } })).body).runs.length).toBeGreaterThanOrEqual(3);
    });
  });

  test('bad flags and a project that cannot open are exit 2 with the reason', async () => {
    const setup = await pausedSetup();
    const badPort = await runCli(['ui', '--port', 'http'], { cwd: setup.root, env: setup.env });
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port expects a port number from 0 to 65535 (0: any free port), got "http"');
    const missing = await runCli(['ui', './nowhere'], { cwd: setup.root, env: setup.env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file or directory: ./nowhere');
    await withUi(setup, [], async (ui) => {
      const taken = await runCli(['ui', '--port', String(ui.port)], { cwd: setup.root, env: setup.env });
      expect(taken.code).toBe(2);
      expect(taken.stderr).toContain(`--port ${ui.port}: port ${ui.port} on 127.0.0.1 is in use by another program; choose another port, or 0 for a free one`);
    });
  });

  test('Ctrl-C while a run started in the page waits for its model: it ends interrupted, and the next llm-do ui resumes it', async () => {
    const setup = await pausedSetup();
    let asked!: () => void;
    const modelAsked = new Promise<void>((resolve) => (asked = resolve));
    let answering = false;
    // The first step reads a file; until the first llm-do ui is stopped the second never answers.
    const { env: providerEnv } = await scripted((request) => {
      if (request.toolResults.length === 0) return { toolCalls: [{ name: 'read_file', args: { path: '/out/seed.txt' } }] };
      if (answering) return { text: 'answered at last' };
      asked();
      return new Promise(() => {});
    });
    fs.writeFileSync(path.join(setup.root, 'out/seed.txt'), 'a seed\n');
    const ui = await startUi(['--model', 'openai-compatible:scripted'], { cwd: setup.root, env: { ...setup.env, ...(providerEnv as Record<string, string>) } });
    const started = await rawRequest(ui, '/api/runs', {
      method: 'POST',
      body: JSON.stringify({ worker: 'main', input: 'wait' }),
      headers: { ...json, cookie: ui.cookie, origin: ui.origin },
    });
    expect(started.status, started.body).toBe(202);
    const runId = JSON.parse(started.body).run_id;
    await modelAsked;
    const stopped = await ui.stop();
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stderr).toContain('llm-do ui: stopped');
    const shown = await cliJson(['runs', 'show', runId], setup);
    expect(shown.run).toMatchObject({ status: 'interrupted' });

    answering = true;
    await withUi({ root: setup.root, env: { ...setup.env, ...(providerEnv as Record<string, string>) } }, [], async (next) => {
      const resumed = await rawRequest(next, `/api/runs/${runId}/resume`, {
        method: 'POST',
        body: '{}',
        headers: { ...json, cookie: next.cookie, origin: next.origin },
      });
      expect(resumed.status, resumed.body).toBe(202);
      let run: { status: string; output: unknown } | undefined;
      for (let attempt = 0; attempt < 200 && run?.status !== 'ok'; attempt++) {
        run = JSON.parse((await rawRequest(next, `/api/runs/${runId}`, { headers: { cookie: next.cookie } })).body).run;
        if (run?.status !== 'ok') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(run).toMatchObject({ status: 'ok', output: 'answered at last' });
    });
  });
});
