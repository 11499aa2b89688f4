import { generateText, Output, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestModel } from '../../src/models/index.ts';

const worker = (id: string) => ({ 'llm-do': { worker: id } });
const noop = tool({ description: 'never called', inputSchema: z.object({ path: z.string() }), execute: async () => 'ran' });

describe('the offline test model', () => {
  it('describes the worker, the input and the offered tools, and calls no tool', async () => {
    const result = await generateText({
      model: createTestModel(),
      system: 'You summarise.',
      prompt: 'Summarise the report',
      tools: { read_file: noop, write_file: noop },
      stopWhen: stepCountIs(5),
      providerOptions: worker('reports/summary'),
    });
    expect(result.text).toBe('test model: worker reports/summary received "Summarise the report" (tools: read_file, write_file)');
    expect(result.steps).toHaveLength(1);
    expect(result.toolCalls).toEqual([]);
  });

  it('is deterministic and reports rough token counts (characters / 4)', async () => {
    const run = () => generateText({ model: createTestModel(), system: 'x'.repeat(40), prompt: 'y'.repeat(40) });
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.text).toBe(b.text);
    expect(a.usage.inputTokens).toBe(20);
    expect(a.usage.outputTokens).toBe(Math.ceil(a.text.length / 4));
  });

  it('uses the last user message, shortened, and counts attachments', async () => {
    const long = `${'word '.repeat(60)}end`;
    const { text } = await generateText({
      model: createTestModel(),
      messages: [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'ok' },
        {
          role: 'user',
          content: [
            { type: 'text', text: long },
            { type: 'file', data: new Uint8Array([1]), mediaType: 'application/pdf' },
          ],
        },
      ],
    });
    expect(text).toMatch(/^test model: worker \(unknown\) received "word word .*…" with 1 attachment \(no tools\)$/);
    expect(text).not.toContain('first');
    expect(text).not.toContain('end"');
  });

  it('streams the same description in several deltas', async () => {
    const result = streamText({ model: createTestModel(), prompt: 'hello there', providerOptions: worker('main') });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('test model: worker main received "hello there" (no tools)');
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
  });

  it('answers structured output with a minimal schema-valid object through Output.object', async () => {
    const schema = z.object({
      title: z.string().min(3),
      score: z.int().min(1).max(5),
      tags: z.array(z.string()),
      status: z.enum(['draft', 'final']),
      note: z.string().optional(),
    });
    const result = await generateText({ model: createTestModel(), prompt: 'grade it', output: Output.object({ schema }), providerOptions: worker('grader') });
    expect(result.output).toEqual({ title: 'xxx', score: 1, tags: [], status: 'draft' });

    const streamed = streamText({ model: createTestModel(), prompt: 'grade it', output: Output.object({ schema }) });
    expect(await streamed.output).toEqual({ title: 'xxx', score: 1, tags: [], status: 'draft' });
  });
});
