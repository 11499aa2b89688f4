/**
 * The docs never point at things that do not exist: every relative link of README.md, docs/ and the
 * examples' READMEs reaches a file, every repository path they name in code (`src/…`, `test/…`,
 * `docs/…`, `examples/…`, `bench/…`, `scripts/…`) exists, and none cites the design spec's sections,
 * which are not part of the project. Nor does any comment of the code, the tests, the benches or the
 * scripts: they cite the docs page that describes the behaviour.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../e2e/helpers/run-cli.ts';

const documents = [
  'README.md',
  ...fs
    .readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...fs
    .readdirSync(path.join(REPO_ROOT, 'examples'))
    .map((name) => `examples/${name}/README.md`)
    .filter((file) => fs.existsSync(path.join(REPO_ROOT, file))),
];

/** Repository paths a document names, and the relative links it makes. */
function references(file: string): { links: string[]; paths: string[]; spec: string[] } {
  const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((link) => !/^([a-z]+:|#)/.test(link));
  const paths = [...text.matchAll(/`((?:src|test|docs|examples|bench|scripts)\/[^`\s*{}<>]+)`/g)].map((match) =>
    match[1]!.replace(/[:.,]$/, '').replace(/:\d+$/, ''),
  );
  const spec = [...text.matchAll(/SPEC(?:\.md| §\d+)/g)].map((match) => match[0]);
  return { links, paths, spec };
}

describe('references in the docs', () => {
  test.each(documents)('%s: links and repository paths exist; no spec sections cited', (file) => {
    const { links, paths, spec } = references(file);
    const dir = path.dirname(path.join(REPO_ROOT, file));
    const brokenLinks = links.filter((link) => !fs.existsSync(path.resolve(dir, decodeURIComponent(link.split('#')[0]!))));
    // A path is the repository's, or (in an example's README) the example's; bench output is made when the bench runs.
    const missingPaths = paths.filter(
      (named) => !named.includes('/.generated') && !fs.existsSync(path.join(REPO_ROOT, named)) && !fs.existsSync(path.join(dir, named)),
    );
    expect(brokenLinks, `${file}: links to nothing`).toEqual([]);
    expect(missingPaths, `${file}: names paths that do not exist`).toEqual([]);
    expect(spec, `${file}: cites the design spec, which is not part of the project`).toEqual([]);
  });
});

/** Files of the repository's code, tests, benches, scripts and examples, repository-relative. */
function codeFiles(dir: string): string[] {
  return fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : codeFiles(file);
    return /\.(ts|mjs|js|md)$/.test(entry.name) ? [file] : [];
  });
}

/** A citation of the design spec (`SPEC §16`, `SPEC.md`) or of a seed (`seed 000 §7.3`). */
const SPEC_CITATION = /SPEC(?:\.md| ?§)|\bseeds? \d{3}/gi;

describe('references in the code', () => {
  test('no comment of src/, test/, bench/, scripts/ or examples/ cites the design spec or a seed', () => {
    const self = path
      .relative(REPO_ROOT, import.meta.filename)
      .split(path.sep)
      .join('/');
    const citing = ['src', 'test', 'bench', 'scripts', 'examples']
      .flatMap(codeFiles)
      .filter((file) => file !== self)
      .flatMap((file) =>
        fs
          .readFileSync(path.join(REPO_ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (line.match(SPEC_CITATION) ?? []).map((cited) => `${file}:${index + 1}: ${cited}`)),
      );
    expect(citing, 'cite the docs/ page that describes the behaviour instead').toEqual([]);
  });
});
