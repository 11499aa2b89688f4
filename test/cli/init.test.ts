import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { runInit, type InitOptions } from '../../src/cli/commands/init.ts';
import { main } from '../../src/cli/main.ts';
import { startScriptedServer, type ScriptedRequest, type ScriptedServer } from '../../src/testkit/index.ts';
import { scriptedEnv } from '../helpers/scripted-env.ts';
import { captureIO, tempDir } from '../project/fixture.ts';

async function init(options: InitOptions, cwd = tempDir('llm-do-init-')) {
  const { io, stdout, stderr } = captureIO({ cwd });
  const code = await runInit(options, io);
  return { code, out: stdout(), err: stderr(), cwd };
}

async function cli(argv: string[], cwd: string, env: Record<string, string | undefined> = {}) {
  const { io, stdout, stderr } = captureIO({ cwd, env });
  const code = await main(argv, io);
  return { code, out: stdout(), err: stderr() };
}

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const EXPECTED_FILES: Record<string, string[]> = {
  minimal: ['input/.gitkeep', 'main.worker', 'output/.gitkeep', 'tests/main.test.yaml'],
  pipeline: [
    'input/sample.md',
    'main.worker',
    'output/.gitkeep',
    'project.yaml',
    'tests/main.test.yaml',
    'workers/stage_1.worker',
    'workers/stage_2.worker',
    'workers/stage_3.worker',
  ],
  'research-agent': [
    'main.worker',
    'notes/getting-started.md',
    'output/.gitkeep',
    'project.yaml',
    'schemas/summary.json',
    'templates/citation_rules.jinja',
    'tests/main.test.yaml',
    'tools.ts',
    'workers/summarizer.worker',
  ],
};

describe('llm-do init: creating projects', () => {
  test.each(Object.entries(EXPECTED_FILES))('the %s template creates its files, which check cleanly and run with --model test', async (template, expected) => {
    const result = await init({ name: 'demo', template });
    const root = path.join(result.cwd, 'demo');
    expect(result.code).toBe(0);
    expect(filesUnder(root)).toEqual(expected);
    expect(result.out).toBe('');
    expect(result.err).toContain(`created demo/ from the ${template} template:\n`);
    for (const file of expected) expect(result.err).toContain(`  demo/${file}\n`);
    expect(result.err).toMatch(/next steps:\n {2}llm-do check demo +validate the project\n {2}llm-do demo "hi" --model test +run it offline/);
    if (expected.includes('project.yaml')) {
      const manifest = fs.readFileSync(path.join(root, 'project.yaml'), 'utf8');
      expect(parse(manifest).name).toBe('demo');
      expect(manifest).toMatch(/^# Project manifest/); // comments survive the rename
      expect(parse(manifest).model).toBe('anthropic:claude-haiku-4-5');
    }

    const check = await cli(['check', 'demo'], result.cwd);
    expect(check.err).toMatch(/^check passed: 0 errors, 0 warnings/);
    expect(check.code).toBe(0);
    const run = await cli(['demo', 'hi', '--model', 'test'], result.cwd);
    expect(run.out).toContain('worker main received "hi"');
    expect(run.code).toBe(0);
  });

  test('the default template is minimal, and the model hint names the file that sets it', async () => {
    const result = await init({ name: 'plain' });
    expect(result.code).toBe(0);
    expect(filesUnder(path.join(result.cwd, 'plain'))).toEqual(EXPECTED_FILES.minimal);
    expect(result.err).toContain('(model: is set in plain/main.worker)');
  });

  test('a nested NAME creates the parents and names the project after its last segment', async () => {
    const result = await init({ name: 'work/agents/notes-bot', template: 'research-agent' });
    expect(result.code).toBe(0);
    const manifest = fs.readFileSync(path.join(result.cwd, 'work/agents/notes-bot/project.yaml'), 'utf8');
    expect(parse(manifest).name).toBe('notes-bot');
    expect(result.err).toContain('llm-do check work/agents/notes-bot ');
  });

  test('dir sets the directory NAME is created in', async () => {
    const cwd = tempDir('llm-do-init-');
    const result = await init({ name: 'demo', template: 'pipeline', dir: 'projects' }, cwd);
    expect(result.code).toBe(0);
    expect(fs.existsSync(path.join(cwd, 'projects/demo/workers/stage_3.worker'))).toBe(true);
    expect(result.err).toContain('created projects/demo/ from the pipeline template');
  });

  test('a name YAML would read as a number stays a string, so the manifest stays valid', async () => {
    const result = await init({ name: '2024', template: 'pipeline' });
    expect(result.code).toBe(0);
    expect(parse(fs.readFileSync(path.join(result.cwd, '2024/project.yaml'), 'utf8')).name).toBe('2024');
    expect((await cli(['check', '2024'], result.cwd)).code).toBe(0);
  });

  test('an existing empty directory is filled', async () => {
    const cwd = tempDir('llm-do-init-');
    fs.mkdirSync(path.join(cwd, 'empty'));
    const result = await init({ name: 'empty/' }, cwd);
    expect(result.code).toBe(0);
    expect(result.err).toContain('created empty/ from the minimal template');
    expect(filesUnder(path.join(cwd, 'empty'))).toEqual(EXPECTED_FILES.minimal);
  });
});

describe('llm-do init .', () => {
  test('fills the current directory, named after it, next to files it does not write', async () => {
    const cwd = path.join(tempDir('llm-do-init-'), 'my-notes');
    fs.mkdirSync(cwd);
    fs.writeFileSync(path.join(cwd, 'README.md'), '# mine\n');
    const result = await init({ name: '.', template: 'pipeline' }, cwd);
    expect(result.code, result.err).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'README.md'), 'utf8')).toBe('# mine\n');
    expect(fs.readFileSync(path.join(cwd, 'project.yaml'), 'utf8')).toContain('name: my-notes');
    expect(result.err).toContain('llm-do check .');
  });

  test('refuses, naming each file it would overwrite, and writes nothing', async () => {
    const cwd = path.join(tempDir('llm-do-init-'), 'proj');
    fs.mkdirSync(cwd);
    fs.writeFileSync(path.join(cwd, 'main.worker'), 'mine');
    const result = await init({ name: '.' }, cwd);
    expect(result.code).toBe(2);
    expect(result.err).toBe('llm-do: refusing to overwrite main.worker: it already exists (init writes only into a new, empty or unrelated directory)\n');
    expect(fs.readdirSync(cwd)).toEqual(['main.worker']);
  });

  test('a current directory whose name is not a valid project name is refused', async () => {
    const cwd = path.join(tempDir('llm-do-init-'), 'bad name');
    fs.mkdirSync(cwd);
    const result = await init({ name: '.' }, cwd);
    expect(result.code).toBe(2);
    expect(result.err).toContain('invalid project name "bad name"');
  });
});

describe('llm-do init: refusals', () => {
  test('an existing non-empty directory is left untouched (exit 2)', async () => {
    const cwd = tempDir('llm-do-init-');
    fs.mkdirSync(path.join(cwd, 'demo'));
    fs.writeFileSync(path.join(cwd, 'demo/main.worker'), 'my own worker');
    const result = await init({ name: 'demo', template: 'research-agent' }, cwd);
    expect(result.code).toBe(2);
    expect(result.err).toBe('llm-do: refusing to overwrite demo/main.worker: it already exists (init writes only into a new, empty or unrelated directory)\n');
    expect(filesUnder(path.join(cwd, 'demo'))).toEqual(['main.worker']);
    expect(fs.readFileSync(path.join(cwd, 'demo/main.worker'), 'utf8')).toBe('my own worker');
  });

  test('an existing file at the target is refused too', async () => {
    const cwd = tempDir('llm-do-init-');
    fs.writeFileSync(path.join(cwd, 'notes'), 'a file');
    const result = await init({ name: 'notes' }, cwd);
    expect(result.code).toBe(2);
    expect(result.err).toBe('llm-do: refusing to overwrite notes: it already exists and is not a directory\n');
    expect(fs.readFileSync(path.join(cwd, 'notes'), 'utf8')).toBe('a file');
  });

  test('a misspelt template gets a suggestion; nothing is created', async () => {
    const result = await init({ name: 'demo', template: 'pipline' });
    expect(result.code).toBe(2);
    expect(result.err).toBe('llm-do: unknown template "pipline" (did you mean "pipeline"?)\n');
    expect(fs.readdirSync(result.cwd)).toEqual([]);
  });

  test('an unknown template lists the valid ones', async () => {
    const result = await init({ name: 'demo', template: 'toString' });
    expect(result.code).toBe(2);
    expect(result.err).toBe('llm-do: unknown template "toString" (valid templates: minimal, pipeline, research-agent)\n');
    expect(fs.readdirSync(result.cwd)).toEqual([]);
  });

  test('a missing NAME is a usage error', async () => {
    const result = await init({ template: 'pipeline' });
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      'llm-do: init needs the name of the project to create; usage: llm-do init NAME [--template minimal|pipeline|research-agent] (or llm-do init --list-templates)\n',
    );
  });

  test.each(['bad name', '..', '../.hidden', '-rf', 'a\0b'])('the invalid name %j is refused without writing', async (name) => {
    const result = await init({ name });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^llm-do: invalid project name ".*": use letters, digits, _ \. - and start with a letter, digit or _\n$/);
    expect(fs.readdirSync(result.cwd)).toEqual([]);
  });
});

describe('llm-do init on the command line', () => {
  test('--list-templates prints one line per template on stdout', async () => {
    const result = await cli(['init', '--list-templates'], tempDir('llm-do-init-'));
    expect(result.code).toBe(0);
    const lines = result.out.trimEnd().split('\n');
    expect(lines.map((line) => line.split(/\s+/)[0])).toEqual(['minimal', 'pipeline', 'research-agent']);
    expect(lines[2]).toMatch(/^research-agent {2}a researcher over notes\/ with a custom search tool/);
  });

  test('init NAME --template T creates the project; a second run refuses with exit 2', async () => {
    const cwd = tempDir('llm-do-init-');
    expect((await cli(['init', 'demo', '--template', 'pipeline'], cwd)).code).toBe(0);
    expect(fs.existsSync(path.join(cwd, 'demo/workers/stage_2.worker'))).toBe(true);
    const again = await cli(['init', 'demo', '--template', 'minimal'], cwd);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/refusing to overwrite demo\/main.worker, .*: they already exist/);
  });
});

describe('the generated projects against a scripted model', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server.close());

  const isWorker = (request: ScriptedRequest, opening: string) => request.system.includes(opening);

  test('research-agent: search_notes finds the note, the summarizer returns structured JSON', async () => {
    const { cwd } = await init({ name: 'research', template: 'research-agent' });
    const summary = {
      answer: 'Notes are read-only.',
      key_points: ['The notes mount is read-only.'],
      sources: ['/notes/getting-started.md'],
      confidence: 'high',
    };
    server.setHandler((request) => {
      if (isWorker(request, 'You condense research')) return { json: summary };
      const last = request.toolResults.at(-1);
      if (!last) return { toolCalls: [{ name: 'search_notes', args: { query: 'read-only notes' } }] };
      if (last.name === 'search_notes')
        return { toolCalls: [{ name: 'summarizer', args: { input: 'Can the agent change my notes?', instructions: last.content } }] };
      return { text: `Answer: ${JSON.parse(last.content).answer}` };
    });
    const result = await cli(['research', 'Can the agent change my notes?'], cwd, scriptedEnv(server));
    expect(result.err).not.toContain('llm-do:');
    expect(result.out.trim()).toBe('Answer: Notes are read-only.');
    expect(result.code).toBe(0);

    const search = server.requests.flatMap((request) => request.toolResults).find((r) => r.name === 'search_notes')!;
    const hits = JSON.parse(search.content) as { path: string; line: number; text: string }[];
    expect(hits[0]).toEqual({
      path: '/notes/getting-started.md',
      line: 4,
      text: 'The agent can read them but never change them: the notes mount is read-only.',
    });
    const summarizer = server.requests.find((request) => isWorker(request, 'You condense research'))!;
    expect(summarizer.system).toContain('Citation rules:'); // the shared partial was included
    expect(summarizer.tools).toEqual([]);
    expect(summarizer.model).toBe('claude-haiku-4-5');
  });

  test('pipeline: three stages run in order and the report lands in output/', async () => {
    const { cwd } = await init({ name: 'pipe', template: 'pipeline' });
    const stageOf = (request: ScriptedRequest) =>
      ['You extract facts', 'You analyse', 'You write reports'].findIndex((opening) => isWorker(request, opening)) + 1;
    const offered: Record<number, string[]> = {};
    server.setHandler((request) => {
      const stage = stageOf(request);
      offered[stage] = request.tools;
      const results = request.toolResults;
      if (stage === 1)
        return results.length === 0
          ? { toolCalls: [{ name: 'read_file', args: { path: '/input/sample.md' } }] }
          : { text: `- budget [${results[0]!.content.includes('18,000 EUR')}]` };
      if (stage === 2) return { text: `Themes from: ${request.lastUserText}` };
      if (stage === 3) {
        if (results.length === 0)
          return { toolCalls: [{ name: 'write_file', args: { path: '/output/offsite.md', content: `# Offsite\n${request.lastUserText}\n` } }] };
        return { text: '/output/offsite.md' };
      }
      const next = ['stage_1', 'stage_2', 'stage_3'][results.length];
      if (next) return { toolCalls: [{ name: next, args: { input: results.at(-1)?.content ?? 'sample.md' } }] };
      return { text: `Report: ${results.at(-1)!.content}` };
    });
    const result = await cli(['pipe', 'sample.md', '--approve-all'], cwd, scriptedEnv(server));
    expect(result.out.trim()).toBe('Report: /output/offsite.md');
    expect(result.code).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'pipe/output/offsite.md'), 'utf8')).toMatch(/^# Offsite\n.*Themes from: .*- budget \[true\]/s);
    expect(offered[0]).toEqual(expect.arrayContaining(['list_files', 'stage_1', 'stage_2', 'stage_3']));
    expect(offered[2]).toEqual([]); // stage_2 turns the filesystem toolset off
  });
});
