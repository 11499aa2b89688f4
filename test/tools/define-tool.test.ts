import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as llmDo from '../../src/index.ts';
import { defineTool, isDefinedTool } from '../../src/tools/define-tool.ts';

describe('defineTool', () => {
  it('returns the definition, frozen and recognizable as a tool', async () => {
    const tool = defineTool({
      description: 'Count words',
      inputSchema: z.object({ text: z.string() }),
      execute: ({ text }) => text.split(' ').length,
    });
    expect(isDefinedTool(tool)).toBe(true);
    expect(Object.isFrozen(tool)).toBe(true);
    expect(tool.name).toBeUndefined();
    expect(tool.description).toBe('Count words');
    expect(await tool.execute({ text: 'a b c' }, undefined as never)).toBe(3);
  });

  it('keeps an explicit name and needsApproval', () => {
    const tool = defineTool({ name: 'rm', description: 'Remove', inputSchema: { type: 'object' }, needsApproval: true, execute: () => null });
    expect(tool.name).toBe('rm');
    expect(tool.needsApproval).toBe(true);
  });

  it('does not take lookalikes for tools', () => {
    expect(isDefinedTool({ description: 'x', inputSchema: {}, execute: () => 1 })).toBe(false);
    expect(isDefinedTool(null)).toBe(false);
    expect(isDefinedTool(() => 1)).toBe(false);
    // A brand set by another copy of llm-do (same registry-wide symbol) is recognized.
    expect(isDefinedTool({ [Symbol.for('llm-do.defined-tool')]: true })).toBe(true);
  });

  it('is exported from the package entry', () => {
    expect(llmDo.defineTool).toBe(defineTool);
  });
});
