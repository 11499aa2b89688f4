/** The doc-test markers: how blocks are classified, and every malformed marking refused with its line. */
import { describe, expect, it } from 'vitest';
import { readBlocks } from './markdown-blocks.ts';

const fence = '```';

describe('readBlocks', () => {
  it('places worker blocks by their name, and honours "# file:" lines and file markers', () => {
    const blocks = readBlocks(
      [
        `${fence}worker`,
        '---',
        'name: reports/weekly',
        '---',
        'Write it.',
        fence,
        `${fence}worker`,
        '---',
        'name: main',
        '---',
        'Hi.',
        fence,
        `${fence}yaml`,
        '# file: project.yaml',
        'name: x',
        fence,
        '<!-- doc-test: file schemas/a.json -->',
        `${fence}json`,
        '{}',
        fence,
        `${fence}ts`,
        'const illustration = 1;',
        fence,
      ].join('\n'),
    );
    expect(blocks.map((b) => b.path)).toEqual(['workers/reports/weekly.worker', 'main.worker', 'project.yaml', 'schemas/a.json', undefined]);
    expect(blocks[2]!.body).toBe('name: x\n');
  });

  it('attaches markers to the next block only', () => {
    const blocks = readBlocks(['<!-- doc-test: exit 2 -->', '', `${fence}sh`, 'llm-do nope', fence, `${fence}sh`, 'llm-do check .', fence].join('\n'));
    expect(blocks[0]!.markers).toEqual([{ kind: 'exit', code: 2 }]);
    expect(blocks[1]!.markers).toEqual([]);
  });

  it.each([
    ['a skip without a reason', ['<!-- doc-test: skip -->', `${fence}sh`, 'llm-do x', fence], /line 1: "doc-test: skip" needs a reason/],
    ['an unknown marker', ['<!-- doc-test: skipp no key -->', `${fence}sh`, 'x', fence], /unknown marker "doc-test: skipp"/],
    ['a fence without a language', [fence, 'x', fence], /line 1: a code block needs one of the languages/],
    ['a yaml block without a file name', [`${fence}yaml`, 'name: x', fence], /must start with "# file: PATH"/],
    ['a file name escaping the project', [`${fence}yaml`, '# file: ../x.yaml', 'a: 1', fence], /must be a path inside the project/],
    ['a file marker escaping the project', ['<!-- doc-test: file /etc/passwd -->', `${fence}json`, '{}', fence], /needs a path inside the project/],
    ['a skipped worker block', ['<!-- doc-test: skip slow -->', `${fence}worker`, '---', 'name: a', '---', fence], /only sh blocks can be skipped/],
    ['a worker block without a name', [`${fence}worker`, 'hello', fence], /needs front matter with name:/],
    ['an unclosed block', [`${fence}sh`, 'llm-do x'], /line 1: the code block is never closed/],
    ['a dangling marker', ['<!-- doc-test: new-project -->'], /belongs to no block/],
  ])('refuses %s', (_name, lines, message) => {
    expect(() => readBlocks(lines.join('\n'))).toThrow(message);
  });
});
