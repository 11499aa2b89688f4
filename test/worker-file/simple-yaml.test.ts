/**
 * The fast path for simple front matter (issue 14): whatever it accepts must be exactly what the
 * `yaml` package produces, and it must accept the front matter most workers have.
 */
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { parseSimpleYaml } from '../../src/worker-file/simple-yaml.ts';

/** What the full parser makes of `text` (as parseYamlConfig calls it), or 'error'. */
function fullParse(text: string): unknown {
  try {
    return parse(text, { uniqueKeys: true, prettyErrors: false }) ?? {};
  } catch {
    return 'error';
  }
}

describe('parseSimpleYaml', () => {
  test.each([
    ['name: reviewer\ndescription: Reviews a pull request\n', { name: 'reviewer', description: 'Reviews a pull request' }],
    ['name: a\nimports:\n  workers: [group0/worker_3]\n', { name: 'a', imports: { workers: ['group0/worker_3'] } }],
    [
      'name: main\ntoolsets:\n  workers:\n    allowed_workers: [group0/*, "team/**", \'x\']\n  filesystem: {}\n',
      undefined, // `{}` is a flow mapping: declined
    ],
    [
      'name: main\ntoolsets:\n  workers:\n    allowed_workers: [group0/*, "team/**", \'x\']\n  shell:\n    timeout: 30\nmodel: anthropic/claude-sonnet-4-5\n',
      { name: 'main', toolsets: { workers: { allowed_workers: ['group0/*', 'team/**', 'x'] }, shell: { timeout: 30 } }, model: 'anthropic/claude-sonnet-4-5' },
    ],
    [
      'name: x\n\n# a comment line\nschema_in: schemas/in.json\nstream: true\nretries: 0\n',
      { name: 'x', schema_in: 'schemas/in.json', stream: true, retries: 0 },
    ],
    ['description: "Says: hello # not a comment"\nother: \'single\'\n', { description: 'Says: hello # not a comment', other: 'single' }],
    ['list: []\nwords: [a b,c]\n', { list: [], words: ['a b', 'c'] }],
    ['', {}], // a missing approvals file, an empty project.yaml
    [
      'name: main\nmodel: anthropic:claude-sonnet-4-5\nfallback: ollama:llama3.2:3b\n',
      { name: 'main', model: 'anthropic:claude-sonnet-4-5', fallback: 'ollama:llama3.2:3b' },
    ],
  ])('%j', (text, expected) => {
    expect(parseSimpleYaml(text)).toEqual(expected);
    if (expected !== undefined) expect(fullParse(text)).toEqual(expected);
  });

  test.each([
    'name: x # comment after a value',
    'a:\n  - block\n  - list',
    'a: ~',
    'a: null',
    'a: Null',
    'a: True',
    'a: 1.5',
    'a: 007',
    'a: 0x1F',
    'a: .inf',
    'a: -0',
    'a: *alias',
    'a: &anchor x',
    'a: !tag x',
    'a: |\n  block text',
    'a: text\n  continued on the next line',
    'a: x\na: y',
    'a:\nb: x',
    '  a: indented root',
    'a:\tx',
    'a: "escaped \\" quote"',
    "a: 'it''s'",
    'a: [x, [nested]]',
    'a: [x, y,]',
    'a: [x # comment]',
    '__proto__: x',
    'null: x',
    'true: x',
    '---\na: x',
    'a: x\n...',
    'a: 12:30',
    'a: b:',
    'a: b: c',
    'a: b:/c',
    'a: [b:c]',
    'a: ünïcode',
  ])('declines %j', (text) => {
    expect(parseSimpleYaml(text)).toBeUndefined();
  });

  test('agrees with the yaml package on every document it accepts, over generated documents', () => {
    const keys = ['name', 'description', 'a_b', 'x-y', 'on', 'yes', 'Null', 'TRUE', 'e5'];
    const values = [
      'worker',
      'Worker 5',
      'yes',
      'no',
      'on',
      'off',
      'y',
      'n',
      'true',
      'false',
      'True',
      'FALSE',
      'null',
      'NULL',
      '~',
      '0',
      '-1',
      '12',
      '007',
      '1e3',
      '1.5',
      '.5',
      '-.inf',
      '.NaN',
      '0o17',
      '0x1f',
      '+1',
      '1_000',
      'x:y',
      'x: y',
      'x #y',
      'x#y',
      "it's",
      'a  b',
      '"q"',
      "'q'",
      '"a#b"',
      '"a\\nb"',
      "'a''b'",
      '[]',
      '[a]',
      '[a, b]',
      '[a,b]',
      '[ a , b ]',
      '[a b, c]',
      '[a, [b]]',
      '[a, {b: c}]',
      '["x, y"]',
      '[1, true, null, ~]',
      '[yes, No]',
      '[a,]',
      '[*x]',
      '*x',
      '&x y',
      '!!str 1',
      '|',
      '>',
      '-',
      '- a',
      '? a',
      '@x',
      '`x`',
      '%x',
      '{}',
      'x,y',
      'x(y)',
      'x!',
      'x?',
      'a=b',
      'x/y/*',
      '-x',
      'Infinity',
      'NaN',
      '123456789012345',
      '1234567890123456',
      'a:b:c',
      'x:1',
      'x::y',
      'x:-y',
      'x: ',
      'x:#y',
      'x:,y',
      'anthropic:claude-sonnet-4-5',
      'ollama:llama3.2:3b',
      'x :y',
      'x:y z',
    ];
    let accepted = 0;
    for (let seed = 0; seed < 3000; seed++) {
      let random = seed * 7919 + 17;
      const pick = <T>(list: readonly T[]): T => list[(random = (random * 1103515245 + 12345) % 2147483648) % list.length]!;
      const lines: string[] = [];
      for (let line = 0, count = 1 + (seed % 5); line < count; line++) {
        const indent = pick(['', '', '', '  ', '    ', ' ']);
        lines.push(
          pick([`${indent}${pick(keys)}: ${pick(values)}`, `${indent}${pick(keys)}:`, `${indent}# note`, '', `${indent}${pick(keys)}:  ${pick(values)}  `]),
        );
      }
      const text = lines.join('\n');
      const simple = parseSimpleYaml(text);
      if (simple === undefined) continue;
      accepted += 1;
      expect(simple, text).toEqual(fullParse(text));
    }
    expect(accepted).toBeGreaterThan(300);
  });
});
