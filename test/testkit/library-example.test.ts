// The example of docs/testing.md ("From code"), run as it is shown there.
import { expect, test } from 'vitest';
import { runWorkerForTest } from 'llm-do/testing';

test('the greeter greets by name', async () => {
  const run = await runWorkerForTest({
    project: 'examples/greeter',
    input: 'Ada',
    model: [{ match: { text: 'Ada' }, respond: { text: 'Hello, Ada!' } }],
  });
  try {
    expect(run.status).toBe('ok');
    expect(run.output).toBe('Hello, Ada!');
    expect(run.toolCalls).toEqual([]);
  } finally {
    run.dispose();
  }
});
