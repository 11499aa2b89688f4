/**
 * examples/research_pipeline: manifest defaults (model, sandbox, toolsets), a base template
 * extended by every stage (`{% extends "stage.jinja" %}` + blocks), a YAML-form worker with its
 * prompt in prompts/ and a `schemas.ts:Analysis` zod schema, a `schema_in` stage, and a library
 * shipped in lib/cite_utils installed with `llm-do lib install` into a private HOME.
 *
 * Guards: deleting lib/cite_utils/lib.yaml fails the install in beforeAll (every test fails);
 * deleting the library's worker or template fails check and the scripted run; deleting
 * templates/stage.jinja, prompts/analyse.jinja, schemas.ts, schemas/report-request.json or any
 * worker fails check; deleting a note in sources/ fails the gathered-facts and report assertions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler, ScriptedRequest } from '../../../src/testkit/index.ts';
import { REPO_ROOT, runCli } from '../helpers/run-cli.ts';
import { ANTHROPIC, CHAT, closeServers, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const EXAMPLE = path.join(REPO_ROOT, 'examples/research_pipeline');
const LIBRARY = path.join(EXAMPLE, 'lib/cite_utils');
const NOTES = ['/sources/iceland.md', '/sources/skeptics.md', '/sources/uk-pilot.md'];
/** HOME with cite_utils installed (beforeAll). */
let home: string;

beforeAll(async () => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-research-home-'));
  const installed = await runCli(['lib', 'install', LIBRARY], { home });
  expect(installed.code, installed.stderr).toBe(0);
  expect(installed.stdout).toBe(`installed cite_utils@1.0.0 to ${path.join(home, '.llm-do/libs/cite_utils@1.0.0')}\n`);
});

/** Which worker a request is for, from a phrase of its rendered instructions. */
function stageOf(request: ScriptedRequest): string {
  const phrases: [string, string][] = [
    ['You run the research-pipeline pipeline.', 'main'],
    ['You are the gather stage', 'gather'],
    ['You are the analyse stage', 'analyse'],
    ['You are the write_report stage', 'write_report'],
    ['You format references.', 'format_citations'],
  ];
  const found = phrases.find(([phrase]) => request.system.includes(phrase));
  if (!found) throw new Error(`unknown worker: ${request.system.slice(0, 100)}`);
  return found[1];
}

const ANALYSIS = {
  findings: [
    { claim: 'Shorter weeks kept output steady in the trials.', sources: ['/sources/iceland.md', '/sources/uk-pilot.md'], strength: 'strong' },
    { claim: 'Results may not carry over to shift work.', sources: ['/sources/skeptics.md'], strength: 'moderate' },
  ],
  conflicts: [],
  open_questions: ['What happens after more than six months?'],
};

const pipeline: ScriptedHandler = (request) => {
  const done = (name: string) => request.toolResults.filter((result) => result.name === name).map((result) => result.content);
  switch (stageOf(request)) {
    case 'main':
      if (request.toolResults.length === 0) return { toolCalls: [{ name: 'gather', args: { input: 'four-day week' } }] };
      if (done('analyse').length === 0) return { toolCalls: [{ name: 'analyse', args: { input: done('gather')[0] } }] };
      if (done('cite_utils__format_citations').length === 0) {
        const sources = [...new Set(JSON.parse(done('analyse')[0]!).findings.flatMap((finding: any) => finding.sources))];
        return { toolCalls: [{ name: 'cite_utils__format_citations', args: { input: sources.join('\n') } }] };
      }
      if (done('write_report').length === 0) {
        const args = { topic: 'four-day week', audience: 'a city council', analysis: done('analyse')[0], references: done('cite_utils__format_citations')[0] };
        return { toolCalls: [{ name: 'write_report', args }] };
      }
      return { text: `Report: ${done('write_report')[0]}` };
    case 'gather':
      if (request.toolResults.length === 0) return { toolCalls: [{ name: 'list_files', args: { path: '/sources' } }] };
      if (done('read_file').length === 0) {
        return { toolCalls: JSON.parse(done('list_files')[0]!).files.map((file: string) => ({ name: 'read_file', args: { path: file } })) };
      }
      // One fact per note: its first bullet, with the note's path.
      return {
        text: request.toolResults
          .filter((r) => r.name === 'read_file')
          .map((r) => `${r.content.split('\n- ')[1]!.split('\n')[0]}`)
          .join('\n'),
      };
    case 'analyse':
      return { json: ANALYSIS };
    case 'format_citations':
      return {
        text: request.lastUserText
          .split('\n')
          .map((line, index) => `[${index + 1}] ${path.posix.basename(line, '.md')} - ${line}`)
          .join('\n'),
      };
    case 'write_report': {
      if (request.toolResults.length > 0) return { text: '/reports/four-day-week.md' };
      const input = JSON.parse(request.lastUserText);
      const content = `# Four-day week\n\nFor ${input.audience}.\n\n## References\n${input.references}\n`;
      return { toolCalls: [{ name: 'write_file', args: { path: '/reports/four-day-week.md', content } }] };
    }
    default:
      throw new Error('unreachable');
  }
};

describe.concurrent('examples/research_pipeline', () => {
  test('llm-do check passes once cite_utils is installed, and names the library when it is not', async () => {
    const [installed, missing, library] = await Promise.all([
      runCli(['check', EXAMPLE, '--import-tools'], { home }),
      runCli(['check', EXAMPLE], { home: fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-empty-home-')) }),
      runCli(['lib', 'list'], { home }),
    ]);
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stderr).toContain('check passed: 0 errors, 0 warnings (4 workers checked)');
    expect(missing.code).toBe(2);
    expect(missing.stdout + missing.stderr).toContain('project.yaml: library cite_utils@1.0 not found');
    expect(library.stdout).toBe('cite_utils@1.0.0  Formats source lists as numbered references and shares the citation style.\n');
  });

  test('runs offline with --model test', async () => {
    const result = await runCli([EXAMPLE, 'four-day week', '--model', 'test'], { home });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('test model: worker main received "four-day week" (tools: gather, analyse, cite_utils__format_citations, write_report)\n');
  });

  for (const protocol of [CHAT, ANTHROPIC]) {
    test(`scripted (${protocol.name}): four stages, the library worker included, write a cited report`, async () => {
      const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-research-')), 'research_pipeline');
      fs.cpSync(EXAMPLE, dir, { recursive: true });
      const { server, env } = await scripted(pipeline);
      const result = await runCli([dir, 'four-day week, for a city council', '--model', protocol.model], { env, home });

      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe('Report: /reports/four-day-week.md\n');
      const stages = server.requests.map(stageOf);
      expect([...new Set(stages)]).toEqual(['main', 'gather', 'analyse', 'format_citations', 'write_report']);
      const first = (stage: string) => server.requests.find((request) => stageOf(request) === stage)!;

      // The base template and each stage's blocks.
      for (const stage of ['gather', 'analyse', 'write_report']) {
        expect(first(stage).system).toContain('## Rules for every stage');
        expect(first(stage).system).toContain(`You are the ${stage} stage of the research-pipeline research pipeline.`);
      }
      expect(first('gather').system).toContain('You collect evidence');
      expect(first('analyse').system).toContain('You weigh evidence');
      // Manifest toolsets reach gather (read-only, so no write tools); analyse and main turn them off.
      expect(first('gather').tools).toEqual(['list_files', 'read_file', 'file_info']);
      expect(first('analyse').tools).toEqual([]);
      expect(first('main').tools).toEqual(['gather', 'analyse', 'cite_utils__format_citations', 'write_report']);
      // gather read every note of the read-only sources mount.
      const gatherDone = server.requests.filter((request) => stageOf(request) === 'gather').at(-1)!;
      expect(gatherDone.toolResults.filter((r) => r.name === 'read_file')).toHaveLength(NOTES.length);
      // analyse's answer reached main as JSON validated against schemas.ts:Analysis.
      expect(first('analyse').responseFormat).toBeDefined();
      const mainAfterAnalyse = server.requests.find((request) => request.toolResults.some((r) => r.name === 'analyse'))!;
      expect(JSON.parse(mainAfterAnalyse.toolResults.find((r) => r.name === 'analyse')!.content)).toEqual(ANALYSIS);
      // The library worker ran with the project's model and its own template.
      expect(first('format_citations').model).toBe(protocol.wireModel);
      expect(first('format_citations').system).toContain('Number references in order of first use');
      // write_report: schema_in fields as variables, plus the library template included by name.
      const writer = first('write_report').system;
      expect(writer).toContain('You write the report on "four-day week" for a city council.');
      expect(writer).toContain('[1] iceland - /sources/iceland.md');
      expect(writer).toContain('Citation style:');
      // The report, written without a prompt (write_file is pre-approved for this stage).
      expect(fs.readFileSync(path.join(dir, 'reports/four-day-week.md'), 'utf8')).toBe(
        '# Four-day week\n\nFor a city council.\n\n## References\n[1] iceland - /sources/iceland.md\n[2] uk-pilot - /sources/uk-pilot.md\n[3] skeptics - /sources/skeptics.md\n',
      );
    });
  }

  test('write_report refuses input that does not match its schema_in', async () => {
    const result = await runCli([EXAMPLE, '--entry', 'write_report', '--input', '{"topic": "x"}', '--model', 'test'], { home });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('input for worker write_report does not match its schema_in');
    expect(result.stderr).toContain('analysis');
  });
});
