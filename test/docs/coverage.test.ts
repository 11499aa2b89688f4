/**
 * Nothing the user can type goes undocumented: every flag of every `--help`, every field of the
 * worker / manifest / library schemas, every trace event type, every environment variable the code
 * reads and every error code must appear in docs/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LibraryManifestSchema, ManifestSchema, UserConfigSchema, WorkerConfigSchema } from '../../src/worker-file/schema.ts';
import { REPO_ROOT, runCli } from '../e2e/helpers/run-cli.ts';

const DOCS_DIR = path.join(REPO_ROOT, 'docs');
const docs = fs
  .readdirSync(DOCS_DIR)
  .filter((name) => name.endsWith('.md'))
  .map((name) => fs.readFileSync(path.join(DOCS_DIR, name), 'utf8'))
  .join('\n');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The text of every code span and fenced block of docs/ (spans paired left to right, as Markdown does). */
const codeTexts = [...docs.matchAll(/^```[^\n]*\n([\s\S]*?)^```|`([^`\n]+)`/gm)].map((m) => m[1] ?? m[2]!);
const word = (name: string) => new RegExp(`(?<![A-Za-z0-9_-])${escape(name)}(?![A-Za-z0-9_-])`);
/** `name` as a whole word inside a code span or block of docs/ (`` `name` ``, `` `llm-do init [--template T]` ``...). */
const inCode = (name: string) => codeTexts.some((text) => word(name).test(text));
/** `name` as a whole word anywhere in docs/ (prose, tables or code blocks). */
const asWord = (name: string) => word(name).test(docs);

/** Long and short flags listed in the Options section of a help text. */
function flagsOf(help: string): string[] {
  const options = help.split(/\n(?=\S)/).find((section) => section.startsWith('Options:')) ?? '';
  return [...options.matchAll(/^ {2}((?:-\w, )?--[\w-]+)/gm)].flatMap((m) => m[1]!.split(', '));
}

/** Every key of a zod object schema and of the objects nested in it, as `parent.key` paths. */
function schemaKeys(schema: unknown, prefix = ''): string[] {
  const def = (schema as { _zod?: { def?: Record<string, any> } })._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) => [`${prefix}${key}`, ...schemaKeys(value, `${prefix}${key}.`)]);
    case 'optional':
    case 'nullable':
    case 'default':
      return schemaKeys(def.innerType, prefix);
    case 'pipe':
      return schemaKeys(def.out, prefix);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => schemaKeys(option, prefix));
    case 'array':
      return schemaKeys(def.element, prefix);
    case 'record':
      return schemaKeys(def.valueType, `${prefix}*.`);
    default:
      return [];
  }
}

const source = (file: string) => fs.readFileSync(path.join(REPO_ROOT, 'src', file), 'utf8');
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(REPO_ROOT, 'src', dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(rel) : rel.endsWith('.ts') ? [rel] : [];
  });

describe('docs/ covers everything a user can type or see', () => {
  it('finds flags, schema keys and code spans (the extractors work)', () => {
    expect(inCode('--max-depth')).toBe(true);
    expect(inCode('--max')).toBe(false);
    expect(inCode('Options')).toBe(false);
    expect(flagsOf('Usage: x\n\nOptions:\n  -q, --quiet  quiet\n  --model <id>  model\n\nCommands:\n  run  --nope\n')).toEqual(['-q', '--quiet', '--model']);
    expect(schemaKeys(WorkerConfigSchema)).toEqual(expect.arrayContaining(['name', 'sandbox.paths.*.max_file_bytes', 'toolsets.shell.rules.command']));
  });

  it('every flag of llm-do --help and of each command', async () => {
    const commands = [
      [],
      ['chat'],
      ['check'],
      ['list'],
      ['mcp'],
      ['mcp', 'list'],
      ['mcp', 'serve'],
      ['init'],
      ['runs'],
      ['runs', 'show'],
      ['runs', 'search'],
      ['runs', 'rm'],
      ['approvals'],
      ['approvals', 'rules'],
      ['approve'],
      ['deny'],
      ['answer'],
      ['resume'],
      ['promote'],
      ['migrate'],
      ['ui'],
      ['lib'],
      ['lib', 'install'],
      ['lib', 'list'],
      ['lib', 'remove'],
      ['lib', 'info'],
      ['batch'],
      ['restate'],
      ['restate', 'serve'],
      ['test'],
      ['doctor'],
      ['help'],
      ['completion'],
    ];
    const missing: string[] = [];
    for (const command of commands) {
      const { code, stdout } = await runCli([...command, '--help']);
      expect(code).toBe(0);
      const flags = flagsOf(stdout);
      expect(flags.length, `llm-do ${command.join(' ')} --help lists options`).toBeGreaterThan(0);
      missing.push(...flags.filter((flag) => !inCode(flag)).map((flag) => `llm-do ${command.join(' ')} ${flag}`));
      const commandsSection = stdout.split(/\n(?=\S)/).find((section) => section.startsWith('Commands:')) ?? '';
      for (const sub of [...commandsSection.matchAll(/^ {2}(\w+) /gm)].map((m) => m[1]!).filter((name) => name !== 'help')) {
        if (!inCode(`llm-do ${[...command, sub].join(' ')}`) && !inCode(`${command.at(-1) ?? 'llm-do'} ${sub}`)) {
          missing.push(`command ${[...command, sub].join(' ')}`);
        }
      }
    }
    expect(missing, 'flags and commands not in docs/').toEqual([]);
  }, 30_000);

  it('every field of worker files, project.yaml and lib.yaml', () => {
    const keys = [WorkerConfigSchema, ManifestSchema, LibraryManifestSchema, UserConfigSchema].flatMap((schema) => schemaKeys(schema));
    const topLevel = keys.filter((key) => !key.includes('.'));
    expect(
      topLevel.filter((key) => !inCode(key)),
      'top-level fields not in code font in docs/',
    ).toEqual([]);
    const leaves = [...new Set(keys.map((key) => key.split('.').at(-1)!))];
    expect(
      leaves.filter((key) => !asWord(key)),
      'nested fields not in docs/',
    ).toEqual([]);
  });

  it('every trace event type and its fields', () => {
    const events = source('runtime/events.ts');
    const types = [...events.matchAll(/type: '(\w+)'/g)].map((m) => m[1]!);
    expect(types.length).toBeGreaterThan(10);
    expect(types.filter((type) => !inCode(type))).toEqual([]);
    const fields = [...events.matchAll(/^\s+(?:\| )?\(?EventBase & \{([^}]*)\}/gm)].flatMap((m) => [...m[1]!.matchAll(/(\w+)\??:/g)].map((f) => f[1]!));
    expect([...new Set(fields)].filter((field) => !asWord(field))).toEqual([]);
  });

  it('every environment variable the code reads', () => {
    const code = sourceFiles('.').map(source).join('\n');
    const names = new Set([...code.matchAll(/\b(LLM_DO_[A-Z_]+|[A-Z]+(?:_[A-Z]+)*_(?:API_KEY|BASE_URL|HOST))\b/g)].map((m) => m[1]!));
    names.delete('LLM_DO_E2E_BIN');
    expect(names.size).toBeGreaterThan(8);
    expect([...names].filter((name) => !inCode(name))).toEqual([]);
  });

  it('every error class and code', () => {
    const errors = source('errors.ts');
    const codes = [...errors.matchAll(/export type \w+Code =([^;]+);/g)].flatMap((m) => [...m[1]!.matchAll(/'([a-z-]+)'/g)].map((c) => c[1]!));
    const classes = [...errors.matchAll(/^export class (\w+)/gm)].map((m) => m[1]!);
    expect(codes.length).toBeGreaterThan(30);
    expect([...codes, ...classes].filter((name) => !inCode(name))).toEqual([]);
  });
});
