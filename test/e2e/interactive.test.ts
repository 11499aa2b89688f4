/**
 * Interactive workers through the built CLI (docs/worker-format.md) against a scripted OpenAI-compatible server:
 * a delegated worker with `interactive: true` asks with `ask_user`; in pause mode the run stops
 * (exit 3) listing the question beside a pending approval, `llm-do approvals` shows both,
 * `llm-do answer` records the answer (bad ids and a second answer refused, exit 2), and
 * `llm-do resume` hands it to the worker as the tool's result without re-sending an answered request.
 * Without anyone to ask (deny mode, no terminal), the question is an error result the model sees.
 * `check` refuses a tool named `ask_user` in an interactive worker; in `llm-do batch` a question
 * pauses its input, and `llm-do approvals` is the inbox.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedRequest } from '../../src/testkit/index.ts';
import { runCli } from './helpers/run-cli.ts';
import { byWorker, closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-interactive-'));
const MODEL = 'openai-compatible:scripted';
const QUESTION = 'Which city?\u001b[2J';

function writeProject(): string {
  const root = fs.mkdtempSync(path.join(tmp, 'project-'));
  const files: Record<string, string> = {
    'project.yaml': 'name: trips\n',
    'main.worker': '---\nname: main\ntoolsets:\n  workers:\n    allowed_workers: [planner]\n---\nYou are worker main.\n',
    'workers/planner.worker':
      '---\nname: planner\ninteractive: true\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }\n---\nYou are worker planner.\n',
    'out/.keep': '',
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

const resultsText = (request: ScriptedRequest) => request.toolResults.map((result) => result.content).join(' | ');

/** main calls planner; planner asks a question and writes a file at once (the write asks), then says what it got. */
const handler = byWorker({
  main: (request) =>
    request.toolResults.length === 0 ? { toolCalls: [{ name: 'planner', args: { input: 'plan a trip' } }] } : { text: `main got: ${resultsText(request)}` },
  planner: (request) =>
    request.toolResults.length === 0
      ? {
          toolCalls: [
            { name: 'ask_user', args: { question: QUESTION } },
            { name: 'write_file', args: { path: '/out/plan.md', content: 'plan' } },
          ],
        }
      : { text: `planner heard: ${resultsText(request)}` },
});

describe('interactive workers', { timeout: 90_000 }, () => {
  test('pause → approvals → answer (bad ids refused) → resume: the worker gets the answer, nothing answered is re-sent', async () => {
    const root = writeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const { server, env } = await scripted(handler);
    const cli = (args: string[]) => runCli(args, { env: { ...env, LLM_DO_HOME: home, USER: 'ada' }, cwd: root });

    const paused = await cli(['.', 'go', '--model', MODEL, '--on-approval', 'pause', '--json']);
    expect(paused.code, paused.stderr).toBe(3);
    const result = JSON.parse(paused.stdout);
    expect(result).toMatchObject({ status: 'paused', output: null });
    expect(result.pending).toEqual([
      {
        kind: 'approval',
        approval_id: expect.any(String),
        call_id: 'c2',
        chain: ['main', 'planner'],
        tool: 'write_file',
        args: { path: '/out/plan.md', content: 'plan' },
      },
      { kind: 'question', question_id: expect.any(String), call_id: 'c2', chain: ['main', 'planner'], question: QUESTION },
    ]);
    expect(paused.stdout).not.toContain('\u001b');
    const runId: string = result.run_id;
    const [approval, question] = result.pending as [{ approval_id: string }, { question_id: string }];
    expect(server.requests).toHaveLength(2);

    const listed = await cli(['approvals', runId]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`main › planner asks:\n    Which city?\\x1b[2J\n    answer: none yet`);
    expect(listed.stdout).toContain('main › planner wants to run write_file');
    expect(listed.stdout).toMatch(new RegExp(`answer each \\(ids above\\), then llm-do resume ${runId}:\n {2}llm-do answer ${runId} \\S+ "your answer"`));
    expect(listed.stdout).not.toContain('\u001b');

    // runs show: the ask_user call waits for an answer, naming the question as approvals does.
    const short = question.question_id.slice(0, 8);
    const shown = await cli(['runs', 'show', runId]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(
      `ask_user {"question":"Which city?\\u001b[2J"} · waiting for an answer to question ${short} (llm-do answer ${runId} ${short} TEXT)\n`,
    );
    expect(shown.stdout).toContain('write_file {"path":"/out/plan.md","content":"plan"} · no result · waiting for a decision (llm-do approvals)');
    expect(shown.stdout).not.toContain('\u001b');

    // Bad input: nothing is recorded, exit 2, the error names the id and what exists.
    const unknown = await cli(['answer', runId, 'ffffffff', 'Lisbon']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      `run ${runId} has no pending question with an id starting with "ffffffff" (pending questions: ${question.question_id.slice(0, 8)} (main › planner: Which city?\\x1b[2J))`,
    );
    const approvalId = await cli(['answer', runId, approval.approval_id.slice(0, 8), 'Lisbon']);
    expect(approvalId.code).toBe(2);
    expect(approvalId.stderr).toContain(
      `${approval.approval_id.slice(0, 8)} is an approval of run ${runId}, not a question; decide it with: llm-do approve ${runId}`,
    );
    const asApproval = await cli(['approve', runId, question.question_id.slice(0, 8)]);
    expect(asApproval.code).toBe(2);
    expect(asApproval.stderr).toContain(`is a question of run ${runId}, not an approval; answer it with: llm-do answer ${runId}`);
    const empty = await cli(['answer', runId, question.question_id.slice(0, 8), ' ']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('answer expects the TEXT of the answer');
    const missing = await cli(['answer', runId, question.question_id.slice(0, 8)]);
    expect(missing.code).toBe(2);

    const approved = await cli(['approve', runId, approval.approval_id.slice(0, 8)]);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain(
      `still unanswered: 1 question(s) (llm-do approvals ${runId}; llm-do answer ${runId} ID TEXT)\nonce all are decided and answered: llm-do resume ${runId}`,
    );

    const answered = await cli(['answer', runId, question.question_id.slice(0, 8), 'Lisbon,', 'in', 'May']);
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stdout).toBe(`answered ${question.question_id.slice(0, 8)}  main › planner: Which city?\\x1b[2J\nnext: llm-do resume ${runId}\n`);
    const again = await cli(['answer', runId, question.question_id.slice(0, 8), 'Porto']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`question ${question.question_id} of run ${runId} is answered already ("Lisbon, in May", by ada@`);

    const listedJson = JSON.parse((await cli(['approvals', runId, '--json'])).stdout);
    expect(listedJson.runs[0].pending[1]).toMatchObject({
      kind: 'question',
      question_id: question.question_id,
      answer: { text: 'Lisbon, in May', answered_by: expect.stringMatching(/^ada@/) },
    });

    const resumed = await cli(['resume', runId]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('resumed main · 1 decision, 1 answer recorded');
    expect(resumed.stdout).toBe('main got: planner heard: Lisbon, in May | wrote 4 characters to /out/plan.md\n');
    expect(fs.readFileSync(path.join(root, 'out/plan.md'), 'utf8')).toBe('plan');
    // Two requests before the pause, two after: the planner's with the answer, main's last.
    expect(server.requests).toHaveLength(4);

    // The run went on: runs show has the answer as the tool's result.
    expect((await cli(['runs', 'show', runId])).stdout).toMatch(/ask_user .* · ok\n/);
    // Its question is answered and gone.
    const late = await cli(['answer', runId, question.question_id.slice(0, 8), 'Porto']);
    expect(late.code).toBe(2);
    expect(late.stderr).toContain(`run ${runId} is not paused (it is ok)`);
  });

  test('--on-approval deny: the question is an error result the model sees, counted as denied', async () => {
    const root = writeProject();
    const { env } = await scripted(handler);
    const result = await runCli(['.', 'go', '--model', MODEL, '--on-approval', 'deny', '--no-log', '--json'], { env, cwd: root });
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.output).toBe(
      'main got: planner heard: nobody can answer: this run refuses questions to the user (on-approval: deny) | denied by policy (auto_deny)',
    );
    expect(json.denied_calls).toBe(2);
  });

  test('no terminal: the question is refused, saying how to answer later', async () => {
    const root = writeProject();
    const { env } = await scripted(handler);
    const result = await runCli(['.', 'go', '--model', MODEL, '--no-log'], { env, cwd: root });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'planner heard: nobody can answer: there is no terminal to ask the user at; run with --on-approval pause to answer later (llm-do answer)',
    );
    expect(result.stderr).toContain('2 tool call(s) denied');
  });

  test('check refuses a tool of an interactive worker named ask_user: an allowed worker, a custom tool', async () => {
    const root = writeProject();
    // A model for every worker: check imports tool modules only for a worker without other problems.
    fs.writeFileSync(path.join(root, 'project.yaml'), 'name: trips\nmodel: test\n');
    fs.writeFileSync(
      path.join(root, 'workers/planner.worker'),
      '---\nname: planner\ninteractive: true\ntoolsets:\n  workers:\n    allowed_workers: [ask_user]\n  custom: {}\n---\nYou are worker planner.\n',
    );
    fs.writeFileSync(path.join(root, 'workers/ask_user.worker'), '---\nname: ask_user\n---\nYou are worker ask_user.\n');
    const clash = await runCli(['check', root]);
    expect(clash.code, clash.stderr).toBe(2);
    expect(clash.stdout + clash.stderr).toContain(
      'allowed worker ask_user becomes the tool name ask_user, which interactive: true offers to this worker; rename it or drop interactive',
    );

    fs.writeFileSync(
      path.join(root, 'workers/planner.worker'),
      '---\nname: planner\ninteractive: true\ntoolsets:\n  custom: {}\n---\nYou are worker planner.\n',
    );
    fs.writeFileSync(
      path.join(root, 'tools.ts'),
      "export function ask_user({ q }: { q: string }) { return q; }\nexport const ask_userSchema = { type: 'object', properties: { q: { type: 'string' } } };\n",
    );
    const custom = await runCli(['check', root, '--import-tools']);
    expect(custom.code, custom.stderr).toBe(2);
    expect(custom.stdout + custom.stderr).toContain(
      'a custom tool is named ask_user, which interactive: true offers to this worker; rename it or drop interactive',
    );
  });

  test('llm-do batch: a question pauses its input; approvals lists it; answered and resumed, a rerun collects the result', async () => {
    const root = writeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const { env } = await scripted(
      byWorker({
        main: (request) =>
          request.toolResults.length === 0
            ? { toolCalls: [{ name: 'planner', args: { input: 'plan a trip' } }] }
            : { text: `main got: ${resultsText(request)}` },
        planner: (request) =>
          request.toolResults.length === 0
            ? { toolCalls: [{ name: 'ask_user', args: { question: 'Which city?' } }] }
            : { text: `planner heard: ${resultsText(request)}` },
      }),
    );
    fs.writeFileSync(path.join(root, 'inputs.jsonl'), '"plan a trip"\n');
    const out = path.join(root, 'results.jsonl');
    const cli = (args: string[]) => runCli(args, { env: { ...env, LLM_DO_HOME: home }, cwd: root });
    const batch = () => cli(['batch', '.', '--inputs', 'inputs.jsonl', '--out', out, '--model', MODEL]);
    const results = () =>
      fs
        .readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));

    const paused = await batch();
    expect(paused.code, paused.stderr).toBe(3);
    expect(paused.stderr).toContain('1 input(s) paused at tool calls that ask or at questions: llm-do approvals lists them');
    const runId: string = results()[0].run_id;
    const inbox = JSON.parse((await cli(['approvals', '--json'])).stdout);
    expect(inbox.runs).toEqual([
      { run_id: runId, status: 'paused', pending: [expect.objectContaining({ kind: 'question', chain: ['main', 'planner'], question: 'Which city?' })] },
    ]);

    const questionId: string = inbox.runs[0].pending[0].question_id;
    expect((await cli(['answer', runId, questionId, 'Lisbon'])).code).toBe(0);
    expect((await cli(['resume', runId])).code).toBe(0);
    const collected = await batch();
    expect(collected.code, collected.stderr).toBe(0);
    expect(results().map((result) => [result.status, result.output ?? null])).toEqual([
      ['paused', null],
      ['ok', 'main got: planner heard: Lisbon'],
    ]);
  });
});
