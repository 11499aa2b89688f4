/**
 * `llm-do test` and `--model scripted:FILE` through the built CLI (docs/testing.md): every example's
 * `*.test.yaml` passes offline; each expectation kind passes and fails with its expected and actual
 * values shown; exit codes, `--json`, `--junit`, `--filter`; malformed test files name the file, case
 * and field; a case that needs the network without `--live` fails at once with that reason; the
 * user's files are never touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir, writeTree } from '../project/fixture.ts';
import { REPO_ROOT, runCli } from './helpers/run-cli.ts';

const EXAMPLES = fs
  .readdirSync(path.join(REPO_ROOT, 'examples'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** What an example needs beyond its directory. */
const EXTRA_ARGS: Record<string, string[]> = { research_pipeline: ['--lib', 'examples/research_pipeline/lib/cite_utils'] };

/** `main` writes a file (which asks), `checker` answers JSON. */
function project(tests: string): string {
  return writeTree(
    {
      'project.yaml': 'name: tested\n',
      'main.worker':
        '---\nname: main\nmodel: anthropic:claude-haiku-4-5\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }\n---\nYou are main.\n',
      'workers/checker.worker':
        '---\nname: checker\nschema_out:\n  type: object\n  properties:\n    score: { type: integer }\n    verdict: { type: string }\n  required: [score, verdict]\n---\nRate it.\n',
      'out/keep.txt': 'kept\n',
      'tests/main.test.yaml': tests,
    },
    tempDir('llm-do-e2e-test-'),
  );
}

const WRITE_THEN_ANSWER = `
    model:
      - match: { turn: 1 }
        respond:
          tool_calls:
            - name: write_file
              args: { path: /out/a.txt, content: "alpha\\n" }
      - match: { turn: 2 }
        respond: { text: "wrote it" }`;

describe('llm-do test', { timeout: 120_000 }, () => {
  for (const example of EXAMPLES) {
    test(`examples/${example}: its test cases pass offline`, async () => {
      const result = await runCli(['test', `examples/${example}`, ...(EXTRA_ARGS[example] ?? [])]);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stderr).toMatch(/✓ \d+ passed, 0 failed/);
    });
  }

  for (const template of ['minimal', 'pipeline', 'research-agent']) {
    test(`llm-do init --template ${template}: the project's test file passes right away`, async () => {
      const dir = path.join(tempDir('llm-do-e2e-init-test-'), 'project');
      expect((await runCli(['init', dir, '--template', template])).code).toBe(0);
      const result = await runCli(['test', dir]);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stderr).toMatch(/✓ [1-9]\d* passed, 0 failed/);
    });
  }

  test("every expectation kind passes when it holds; the user's project is untouched", async () => {
    const root = project(`cases:
  - name: writes after approval${WRITE_THEN_ANSWER}
    approvals:
      rules: [{ tool: write_*, args: { path: /out/a.txt }, decision: approve }]
    expect:
      status: ok
      output: { equals: wrote it, contains: wrote, matches: "^wrote" }
      tool_calls: { ordered: true, only: true, calls: [{ name: write_file, args: { path: /out/a.txt } }] }
      files: { out/a.txt: "alpha\\n", out/keep.txt: { contains: kept }, out/none.txt: { absent: true } }
      denied: []
      max_tokens: 10000
      max_cost_usd: 0
  - name: denied by default${WRITE_THEN_ANSWER}
    expect:
      denied: [write_file]
      files: { out/a.txt: { absent: true } }
  - name: structured output
    worker: checker
    input: the idea
    model:
      - respond: { json: { score: 4, verdict: good } }
    expect:
      output: { json: { score: 4 }, schema: { type: object, required: [verdict] } }
`);
    const result = await runCli(['test', root]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).toContain('✓ 3 passed, 0 failed');
    expect(fs.existsSync(path.join(root, 'out/a.txt'))).toBe(false);
  });

  test('failing expectations show expected and actual values; exit 1; --json and --junit tell the same', async () => {
    const root = project(`cases:
  - name: wrong in every way${WRITE_THEN_ANSWER}
    approvals:
      default: approve
    expect:
      output: { equals: wrote them, matches: "^nothing" }
      tool_calls: [{ name: read_file }]
      files: { out/a.txt: beta, out/keep.txt: { absent: true } }
      denied: [write_file]
      max_tokens: 1
  - name: passes
    model:
      - respond: { text: fine }
    expect:
      output: fine
`);
    const junit = path.join(root, 'report.xml');
    const result = await runCli(['test', root, '--junit', junit]);
    expect(result.code).toBe(1);
    const out = result.stdout;
    expect(out).toContain('✗ tests/main.test.yaml: wrong in every way');
    expect(out).toContain('output: not equal\n    expected: wrote them\n      actual: wrote it');
    expect(out).toContain('output: does not match ^nothing');
    expect(out).toContain('tool calls: the expected calls were not made (in any order; args are subsets)');
    expect(out).toContain('files: out/a.txt: not equal\n    expected: beta\n      actual: alpha');
    expect(out).toContain('files: out/keep.txt should not exist');
    expect(out).toContain('denied calls differ');
    expect(out).toMatch(/tokens: \d+ used, over the ceiling of 1/);
    expect(result.stderr).toContain('✗ 1 passed, 1 failed');
    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuites name="llm-do test" tests="2" failures="1">');
    expect(xml).toContain('<failure message="output: not equal">');

    const json = await runCli(['test', root, '--json', '--filter', 'passes']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      passed: 1,
      failed: 0,
      cases: [{ file: 'tests/main.test.yaml', name: 'passes', passed: true, failures: [] }],
    });
  });

  test('a case whose model needs the network fails at once without --live, saying so', async () => {
    const root = project(`cases:
  - name: uses the worker's own model
    expect: { output: anything }
  - name: names a provider
    model: openai:gpt-5
`);
    const result = await runCli(['test', root, '--json'], { env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: 'http://192.0.2.1:9' } });
    expect(result.code).toBe(1);
    const cases = JSON.parse(result.stdout).cases;
    expect(cases.map((c: any) => c.failures.join(' '))).toEqual([
      expect.stringContaining('needs the network (a request to 192.0.2.1:9); give the case a scripted model, or run llm-do test --live'),
      'needs the network (model openai:gpt-5); give the case a scripted model, or run llm-do test --live',
    ]);
    expect(result.durationMs).toBeLessThan(60_000);
  });

  test('a case replays a cassette a run recorded; --update needs --live and records it again', async () => {
    const root = project(
      'cases:\n  - name: replayed\n    worker: taped\n    input: hello\n    model: { cassette: taped.json }\n    expect: { output: { contains: hello } }\n',
    );
    fs.writeFileSync(path.join(root, 'workers/taped.worker'), '---\nname: taped\nmodel: test\n---\nRepeat.\n');
    const recorded = await runCli(['.', 'hello', '--entry', 'taped', '--no-log', '--record', 'tests/taped.json'], { cwd: root });
    expect(recorded.code, recorded.stderr).toBe(0);
    const replayed = await runCli(['test', root]);
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    const before = fs.readFileSync(path.join(root, 'tests/taped.json'), 'utf8');
    fs.writeFileSync(path.join(root, 'tests/taped.json'), '{"version": 1, "interactions": []}\n');
    const stale = await runCli(['test', root]);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain('every recorded request (0) was already answered');
    expect((await runCli(['test', root, '--update'])).code).toBe(2);
    const updated = await runCli(['test', root, '--update', '--live']);
    expect(updated.code, updated.stdout + updated.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(root, 'tests/taped.json'), 'utf8')).interactions).toHaveLength(JSON.parse(before).interactions.length);
    expect((await runCli(['test', root])).code).toBe(0);
  });

  test('a malformed test file names the file, the case and the field, and nothing runs (exit 2)', async () => {
    const cases: [string, string][] = [
      ['cases:\n  - name: a\n    expect: { outptu: x }\n', 'tests/main.test.yaml: case 1 (a), expect: unknown field "outptu" (did you mean output?)'],
      ['cases:\n  - name: a\n    model:\n      - respond: { txt: hi }\n', 'tests/main.test.yaml: case 1 (a), model: rule 1, respond: Unrecognized key: "txt"'],
      ['cases:\n  - name: a\n  - name: a\n', 'tests/main.test.yaml: case 2 (a): another case of this file has the same name'],
      ['cases: [\n', 'tests/main.test.yaml: not valid YAML'],
      ['cases:\n  - input: x\n', 'tests/main.test.yaml: case 1, name:'],
      [
        'cases:\n  - name: a\n    answers: [{ question: city, answer: Lisbon, wroker: planner }]\n',
        'tests/main.test.yaml: case 1 (a), answers.0: unknown field "wroker" (did you mean worker?); valid fields are question, worker, answer',
      ],
      [
        'cases:\n  - name: a\n    model: test\n  - name: b\n    model: script.yaml\n',
        'tests/main.test.yaml: case 2 (b), model: invalid model id "script.yaml": expected provider:model (e.g. anthropic:claude-sonnet-4-5) or test; a script file is {script: FILE}, a cassette {cassette: FILE}',
      ],
      [
        'cases:\n  - name: a\n    answers: [{ question: city }]\n',
        'tests/main.test.yaml: case 1 (a), answers.0.answer: Invalid input: expected string, received undefined',
      ],
    ];
    for (const [text, message] of cases) {
      const result = await runCli(['test', project(text)]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toContain('✓');
    }
    const none = await runCli(['test', tempDir('llm-do-e2e-empty-')]);
    expect(none.code).toBe(2);
  });

  test('--model scripted:FILE runs a project offline; a script error names the file, rule and field', async () => {
    const root = project('cases:\n  - name: x\n    model: [{ respond: { text: y } }]\n');
    fs.writeFileSync(path.join(root, 'script.yaml'), '- match: { text: /hello/i }\n  respond: { text: "hi there" }\n');
    const ok = await runCli([root, 'Hello', '--model', 'scripted:script.yaml', '--no-log'], { cwd: root });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toBe('hi there\n');
    const unmatched = await runCli([root, 'bye', '--model', 'scripted:script.yaml', '--no-log'], { cwd: root });
    expect(unmatched.code).toBe(1);
    expect(unmatched.stderr).toContain('script.yaml: no rule matches the request of worker main, turn 1 (last message: "bye")');
    fs.writeFileSync(path.join(root, 'bad.yaml'), '- match: { turn: 0 }\n  respond: { text: x }\n');
    const bad = await runCli([root, 'x', '--model', 'scripted:bad.yaml', '--no-log'], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.yaml: rule 1, match.turn:');
  });
});
