/**
 * Every code block of docs/ is exercised: worker and other file blocks are written into a temp
 * project that `llm-do check` must accept, `sh` blocks run against the built CLI (offline, with
 * `--model test` or a skip marker that gives a reason), and `output` blocks must match what ran.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../e2e/helpers/run-cli.ts';
import { playDocument } from './doc-workspace.ts';
import { readBlocks } from './markdown-blocks.ts';

const DOCS_DIR = path.join(REPO_ROOT, 'docs');
const docs = fs
  .readdirSync(DOCS_DIR)
  .filter((name) => name.endsWith('.md'))
  .sort();

describe.concurrent('code blocks in docs/', () => {
  it('has the reference documents', () => {
    for (const name of ['worker-format.md', 'project.md', 'cli.md', 'tools.md', 'security.md', 'library-api.md', 'decisions.md']) {
      expect(docs).toContain(name);
    }
  });

  for (const name of docs) {
    it(`docs/${name}: every command runs and every worker file checks`, async () => {
      const blocks = readBlocks(fs.readFileSync(path.join(DOCS_DIR, name), 'utf8'));
      const report = await playDocument(`docs/${name}`, blocks);
      for (const skip of report.skipped) expect(skip.reason.length, `docs/${name}:${skip.line}`).toBeGreaterThan(3);
      // A document may skip commands that need a real provider, but most of what it shows must run.
      expect(report.skipped.length, `docs/${name} skips ${report.skipped.length} of ${report.commands + report.skipped.length} commands`).toBeLessThanOrEqual(
        Math.max(2, report.commands / 2),
      );
      console.log(`docs/${name}: ${report.commands} commands run, ${report.skipped.length} skipped, ${report.files} files written, ${report.checks} checks`);
      // Only a guard against a hang: a document runs dozens of CLI processes one after another, which
      // on a loaded 2-core machine takes well over a minute.
    }, 240_000);
  }
});
