/** docs/testing.md shows test/testkit/library-example.test.ts whole: the shown example is the one the tests run. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT } from '../e2e/helpers/run-cli.ts';

test('the llm-do/testing example of docs/testing.md is test/testkit/library-example.test.ts', () => {
  const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs/testing.md'), 'utf8');
  const example = fs.readFileSync(path.join(REPO_ROOT, 'test/testkit/library-example.test.ts'), 'utf8');
  expect(doc).toContain(`\`\`\`ts\n${example}\`\`\``);
});
