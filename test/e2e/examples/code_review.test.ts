/**
 * examples/code_review: a reviewer restricted to /repo and read-only, running whitelisted shell
 * commands (git log/diff/show, grep, wc pre-approved; everything else blocked), and a
 * directory-form child worker (workers/src_auditor/) that narrows further to /repo/src.
 *
 * Guards: deleting main.worker or workers/src_auditor/worker.worker (or its templates/checklist.jinja)
 * fails `check` and the runs; deleting make-history.sh or a repo file fails the git log / diff /
 * grep assertions; dropping `readonly: true` offers write_file again and lets the approved write land
 * (the "unavailable tool" and "not written" assertions fail); dropping the shell rules or `restrict` fails the command and refusal assertions;
 * widening the git log rule's `args` lets `--format` through.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler, ScriptedRequest } from '../../../src/testkit/index.ts';
import { REPO_ROOT, runCli } from '../helpers/run-cli.ts';
import { expectCheckPasses } from '../helpers/check-example.ts';
import { CHAT, closeServers, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const EXAMPLE = path.join(REPO_ROOT, 'examples/code_review');

/** A private copy whose repo/ has the two-commit history make-history.sh creates. */
function copyWithHistory(): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-review-')), 'code_review');
  fs.cpSync(EXAMPLE, dir, { recursive: true });
  execFileSync('sh', [path.join(dir, 'make-history.sh'), path.join(dir, 'repo')], { stdio: 'ignore' });
  return dir;
}

const isAuditor = (request: ScriptedRequest) => request.system.includes('You audit source code for correctness.');
const results = (request: ScriptedRequest, name: string) => request.toolResults.filter((result) => result.name === name).map((result) => result.content);

const REVIEWER_COMMANDS = [
  'git log --oneline -10',
  'git diff HEAD~1 --stat',
  'grep -rn TODO src',
  'wc -l src/discount.js',
  'rm -rf src',
  'cat src/cart.js | head',
  'grep -rn password /etc',
  'git diff HEAD~1 --output=review.txt',
  'git log --stat --format=%H',
];

/** Reviewer: shell commands → a write attempt + the auditor → the review. Auditor: reads in and out of /repo/src. */
const review: ScriptedHandler = (request) => {
  if (isAuditor(request)) {
    if (request.toolResults.length > 0) return { text: '- /repo/src/discount.js:11 - code.toUpperCase() of "spring25+staff" finds no code before the split' };
    return {
      toolCalls: [
        { name: 'read_file', args: { path: '/repo/src/discount.js' } },
        { name: 'read_file', args: { path: '/repo/README.md' } },
        { name: 'list_files', args: { path: '/repo' } },
      ],
    };
  }
  if (request.toolResults.length === 0) return { toolCalls: REVIEWER_COMMANDS.map((command) => ({ name: 'shell', args: { command } })) };
  if (results(request, 'src_auditor').length === 0) {
    return {
      toolCalls: [
        { name: 'write_file', args: { path: '/repo/REVIEW.md', content: 'looks fine' } },
        { name: 'src_auditor', args: { input: 'Audit /repo/src/discount.js: the change adds stackable discount codes.' } },
      ],
    };
  }
  return { text: `Verdict: request changes\n## Findings\n${results(request, 'src_auditor')[0]}` };
};

describe.concurrent('examples/code_review', () => {
  test('llm-do check passes', () => expectCheckPasses(EXAMPLE, 2));

  test('runs offline with --model test and offers shell and the auditor', async () => {
    const result = await runCli([EXAMPLE, 'review the last commit', '--model', 'test']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('test model: worker main received "review the last commit" (tools: list_files, read_file, file_info, shell, src_auditor)\n');
  });

  test('scripted: whitelisted commands run in /repo, others are refused, nothing is written, the auditor sees only /repo/src', async () => {
    const dir = copyWithHistory();
    const { server, env } = await scripted(review);
    // --approve-all: approval is not what stops the write; the read-only sandbox is (no write tools are offered).
    const result = await runCli([dir, 'review the last commit', '--model', CHAT.model, '--approve-all'], { env });

    expect(result.code, result.stderr).toBe(0);
    const reviewer = server.requests.filter((request) => !isAuditor(request));
    const shell = results(reviewer[1]!, 'shell');
    const [log, stat, grep, wc] = shell.slice(0, 4).map((content) => JSON.parse(content));
    expect(log.exit_code).toBe(0);
    expect(log.stdout).toMatch(/^[0-9a-f]+ Add cart with stackable discount codes\n[0-9a-f]+ Add price formatting and README\n$/);
    expect(stat.stdout).toContain('src/discount.js   | 17 +++');
    expect(stat.stdout).toContain('3 files changed, 69 insertions(+)');
    expect(grep.stdout).toBe('src/cart.js:12:    // TODO: reject negative quantities\n');
    expect(wc.stdout.trim()).toBe('17 src/discount.js');
    expect(shell[4]).toBe('denied by rule: command not allowed: rm -rf src; allowed: git log, git diff, git show, grep, wc');
    expect(shell[5]).toContain('command contains "|", which needs a shell');
    expect(shell[6]).toContain('argument "/etc" is an absolute path');
    expect(shell[7]).toBe(
      'denied by rule: git diff HEAD~1 --output=review.txt: the option "--output" writes files, which the pre-approved rule "git diff" does not allow; ' +
        'to allow it, name it in the rule\'s args (e.g. "--output=*") or make the rule ask (approval: ask)',
    );
    expect(fs.existsSync(path.join(dir, 'repo/review.txt'))).toBe(false);
    expect(shell[8]).toContain('rule "git log" allows only arguments matching "--oneline", "--stat", "-p", "-[0-9]*", "HEAD*", not "--format=%H"');

    const [write] = results(reviewer[2]!, 'write_file');
    expect(write).toMatch(/unavailable tool 'write_file'/);
    expect(reviewer[0]!.tools).not.toContain('write_file');
    expect(fs.existsSync(path.join(dir, 'repo/REVIEW.md'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'repo/src')).sort()).toEqual(['cart.js', 'discount.js', 'format.js']);

    const auditor = server.requests.filter(isAuditor);
    expect(auditor[0]!.system).toContain('Arithmetic: money in floating point'); // the worker-local template
    expect(auditor[0]!.tools).not.toContain('shell');
    const [source, readme] = results(auditor[1]!, 'read_file');
    expect(source).toContain("if (code.includes('+')) {");
    expect(readme).toBe('read_file failed: /repo/README.md is outside /repo/src, the only part of the sandbox this worker may use');
    expect(JSON.parse(results(auditor[1]!, 'list_files')[0]!)).toEqual({ files: ['/repo/src/cart.js', '/repo/src/discount.js', '/repo/src/format.js'] });
    expect(result.stdout).toBe(
      'Verdict: request changes\n## Findings\n- /repo/src/discount.js:11 - code.toUpperCase() of "spring25+staff" finds no code before the split\n',
    );
  });

  test('--mount repo=DIR:ro reviews another checkout', async () => {
    const other = path.join(copyWithHistory(), 'repo');
    fs.writeFileSync(path.join(other, 'src/extra.js'), '// TODO: other checkout\n');
    const { server, env } = await scripted((request) =>
      request.toolResults.length === 0 ? { toolCalls: [{ name: 'shell', args: { command: 'grep -rn TODO src' } }] } : { text: 'ok' },
    );
    const result = await runCli([EXAMPLE, 'review', '--model', CHAT.model, '--mount', `repo=${other}:ro`], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(server.requests[1]!.toolResults[0]!.content).stdout).toContain('src/extra.js:1:// TODO: other checkout');
  });
});
