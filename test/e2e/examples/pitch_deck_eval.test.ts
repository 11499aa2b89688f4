/**
 * examples/pitch_deck_eval: an orchestrator lists PDFs in a read-only mount, hands each to
 * deck_evaluator as an attachment, gets structured JSON back, and writes one Markdown report per
 * deck into the rw `evaluations` mount (write_file asks, so runs use --approve-all).
 *
 * Guards: deleting main.worker, workers/deck_evaluator.worker, schemas/evaluation.json or
 * templates/PROCEDURE.md fails `check` and the runs; deleting either PDF fails "the sample decks
 * are valid PDFs" and the report assertions (one report per deck, two decks expected); dropping
 * `attachment_policy` or `compatible_models` fails the policy test; editing a PDF without
 * rerunning scripts/make-pdfs.mjs fails the "generator reproduces" test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler, ScriptedRequest } from '../../../src/testkit/index.ts';
import { REPO_ROOT, runCli } from '../helpers/run-cli.ts';
import { expectCheckPasses } from '../helpers/check-example.ts';
import { ANTHROPIC, CHAT, closeServers, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const EXAMPLE = path.join(REPO_ROOT, 'examples/pitch_deck_eval');
const DECKS = ['aurora-cells.pdf', 'tidewater-freight.pdf'];

/** A private copy of the example, so runs never write into the repository. */
function copyExample(): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-pitch-')), 'pitch_deck_eval');
  fs.cpSync(EXAMPLE, dir, { recursive: true });
  return dir;
}

const isEvaluator = (request: ScriptedRequest) => request.system.includes('You are a venture analyst.');

/** What the scripted evaluator answers for each deck (by the file name it is given as input). */
const EVALUATIONS: Record<string, object> = {
  'aurora-cells.pdf': {
    company: 'Aurora Cells',
    one_line_summary: 'Swappable solid-state battery packs for cargo e-bikes.',
    scores: { team: 3, market: 2, product: 4, traction: 2, financials: 2 },
    verdict: 'pass',
    red_flags: ['300% month-over-month growth from two pilots', 'No CFO'],
    questions_for_founders: ['When is UN 38.3 certification expected?'],
  },
  'tidewater-freight.pdf': {
    company: 'Tidewater Freight',
    one_line_summary: 'Cargo pooling and route planning for short-sea carriers.',
    scores: { team: 4, market: 4, product: 4, traction: 4, financials: 4 },
    verdict: 'invest',
    red_flags: ['4% monthly churn'],
    questions_for_founders: ['What drives the churn?'],
  },
};

/** The report main writes for one evaluation (the layout main.worker asks for). */
function report(evaluation: any): string {
  const scores = Object.entries(evaluation.scores as Record<string, number>);
  const average = scores.reduce((total, [, score]) => total + score, 0) / scores.length;
  return [
    `# ${evaluation.company} - ${evaluation.verdict}`,
    evaluation.one_line_summary,
    '',
    '| criterion | score |',
    ...scores.map(([name, score]) => `| ${name} | ${score} |`),
    `**Average:** ${average.toFixed(1)}`,
    '',
    '## Red flags',
    ...evaluation.red_flags.map((flag: string) => `- ${flag}`),
  ].join('\n');
}

/** main: list /input → evaluate every PDF found, in parallel → write one report each → summary. */
const review: ScriptedHandler = (request) => {
  if (isEvaluator(request)) return { json: EVALUATIONS[request.lastUserText] ?? { error: `unknown deck ${request.lastUserText}` } };
  const byName = (name: string) => request.toolResults.filter((result) => result.name === name);
  if (request.toolResults.length === 0) return { toolCalls: [{ name: 'list_files', args: { path: '/input' } }] };
  const evaluations = byName('deck_evaluator');
  if (evaluations.length === 0) {
    const files: string[] = JSON.parse(byName('list_files')[0]!.content).files;
    return { toolCalls: files.map((file) => ({ name: 'deck_evaluator', args: { input: path.posix.basename(file), attachments: [file] } })) };
  }
  if (byName('write_file').length === 0) {
    return {
      toolCalls: evaluations.map((result) => {
        const evaluation = JSON.parse(result.content);
        const slug = evaluation.company.toLowerCase().replace(/ /g, '-');
        return { name: 'write_file', args: { path: `/evaluations/${slug}.md`, content: report(evaluation) } };
      }),
    };
  }
  return {
    text: byName('write_file')
      .map((result) => result.content)
      .join('\n'),
  };
};

describe.concurrent('examples/pitch_deck_eval', () => {
  test('llm-do check passes', () => expectCheckPasses(EXAMPLE, 2));

  test('runs offline with --model test, and the evaluator alone answers schema-valid JSON', async () => {
    const [main, evaluator] = await Promise.all([
      runCli([EXAMPLE, 'evaluate every deck', '--model', 'test']),
      runCli([EXAMPLE, 'aurora-cells.pdf', '--entry', 'deck_evaluator', '--attach', path.join(EXAMPLE, 'input', DECKS[0]!), '--model', 'test']),
    ]);
    expect(main.code, main.stderr).toBe(0);
    expect(main.stdout).toContain('test model: worker main received "evaluate every deck" (tools: list_files, read_file, write_file');
    expect(main.stdout).toContain('deck_evaluator)');
    expect(evaluator.code, evaluator.stderr).toBe(0);
    expect(Object.keys(JSON.parse(evaluator.stdout))).toEqual(['company', 'one_line_summary', 'scores', 'verdict', 'red_flags', 'questions_for_founders']);
  });

  for (const protocol of [CHAT, ANTHROPIC]) {
    test(`scripted (${protocol.name}): each deck is evaluated from its PDF and gets its report`, async () => {
      const dir = copyExample();
      const { server, env } = await scripted(review);
      const result = await runCli([dir, 'evaluate every deck', '--model', protocol.model, '--approve-all'], { env });

      expect(result.code, result.stderr).toBe(0);
      // The instructions carry the shared procedure, inlined with file("PROCEDURE.md").
      expect(server.requests[0]!.system).toContain('Verdict: `invest` when no score is below 3');
      const evaluatorRequests = server.requests.filter(isEvaluator);
      expect(evaluatorRequests.map((request) => request.lastUserText).sort()).toEqual(DECKS);
      for (const request of evaluatorRequests) {
        expect(request.system).toContain('Percentages computed from tiny bases');
        expect(request.tools).toEqual([]);
        expect(request.responseFormat).toBeDefined();
        expect(request.messages.at(-1)!.files).toBe(1);
        const sent = pdfBytesSent(request);
        expect(sent.equals(fs.readFileSync(path.join(EXAMPLE, 'input', request.lastUserText)))).toBe(true);
      }
      expect(fs.readdirSync(path.join(dir, 'evaluations')).sort()).toEqual(['.gitkeep', 'aurora-cells.md', 'tidewater-freight.md']);
      for (const deck of DECKS) {
        const written = fs.readFileSync(path.join(dir, 'evaluations', deck.replace('.pdf', '.md')), 'utf8');
        expect(written).toBe(report(EVALUATIONS[deck]));
      }
      expect(fs.readFileSync(path.join(dir, 'evaluations/aurora-cells.md'), 'utf8')).toContain('# Aurora Cells - pass\n');
      expect(fs.readFileSync(path.join(dir, 'evaluations/tidewater-freight.md'), 'utf8')).toContain('**Average:** 4.0');
    });
  }

  test('scripted: without --approve-all the reports are not written (write_file asks)', async () => {
    const dir = copyExample();
    const { env } = await scripted(review);
    const result = await runCli([dir, 'evaluate every deck', '--model', CHAT.model], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('approval needed for write_file but no terminal');
    expect(fs.readdirSync(path.join(dir, 'evaluations'))).toEqual(['.gitkeep']);
  });

  test('the evaluator refuses what its policy and compatible_models exclude', async () => {
    const dir = copyExample();
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a deck');
    const [text, model] = await Promise.all([
      runCli([dir, 'x', '--entry', 'deck_evaluator', '--attach', path.join(dir, 'notes.txt'), '--model', 'test']),
      runCli([dir, 'x', '--entry', 'deck_evaluator', '--model', 'google:gemini-2.5-flash']),
    ]);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain('notes.txt has suffix ".txt", not allowed by worker deck_evaluator (allowed: .pdf)');
    expect(model.code).toBe(2);
    expect(model.stderr).toContain('google:gemini-2.5-flash');
    expect(model.stderr).toContain('compatible_models');
  });

  test('the sample decks are valid PDFs (exact xref offsets and stream lengths)', () => {
    const found = fs.readdirSync(path.join(EXAMPLE, 'input')).filter((name) => name.endsWith('.pdf'));
    expect(found.sort()).toEqual(DECKS);
    for (const deck of DECKS) {
      const text = fs.readFileSync(path.join(EXAMPLE, 'input', deck)).toString('latin1');
      checkPdf(text);
      expect(text).toContain(deck === DECKS[0] ? '(Aurora Cells - Seed round pitch) Tj' : '(Tidewater Freight - Series A pitch) Tj');
    }
  });

  test('scripts/make-pdfs.mjs reproduces the committed PDFs byte for byte', async () => {
    const dir = copyExample();
    for (const deck of DECKS) fs.rmSync(path.join(dir, 'input', deck));
    const { spawnSync } = await import('node:child_process');
    const made = spawnSync(process.execPath, [path.join(dir, 'scripts/make-pdfs.mjs')], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    for (const deck of DECKS) {
      expect(fs.readFileSync(path.join(dir, 'input', deck)).equals(fs.readFileSync(path.join(EXAMPLE, 'input', deck)))).toBe(true);
    }
  });
});

/** The PDF bytes a request carried, whichever protocol sent them. */
function pdfBytesSent(request: ScriptedRequest): Buffer {
  const parts = request.body.messages.at(-1).content as any[];
  const file = parts.find((part) => part.type === 'file');
  const data: string = file ? file.file.file_data.replace('data:application/pdf;base64,', '') : parts.find((part) => part.type === 'document').source.data;
  return Buffer.from(data, 'base64');
}

/** Checks the structure a PDF reader relies on; throws naming the first problem. */
function checkPdf(text: string): void {
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!.map(Number);
  expect(first).toBe(0);
  const table = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + count!);
  expect(table[0]).toBe('0000000000 65535 f ');
  table.slice(1).forEach((entry, index) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true);
  });
  expect(text).toContain(`trailer\n<< /Size ${count} /Root 1 0 R >>`);
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
  }
  const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(text)![1]);
  expect(text.match(/\/Type \/Page /g)).toHaveLength(pages);
}
