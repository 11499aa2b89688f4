import { describe, expect, it } from 'vitest';
import { explainApprovalRule, resolveApprovalRule, toolDefaultRule } from '../../src/approval/rules.ts';

describe('resolveApprovalRule', () => {
  const worker = { default: 'ask' as const, tools: { write_file: 'preApproved' as const } };
  const manifest = { default: 'blocked' as const, tools: { delete_file: 'ask' as const } };

  it.each([
    ['worker per-tool beats everything', { toolName: 'write_file', worker, manifest, toolDefault: 'blocked' as const }, 'preApproved'],
    ['worker default beats manifest per-tool', { toolName: 'delete_file', worker, manifest }, 'ask'],
    ['manifest per-tool beats manifest default', { toolName: 'delete_file', worker: { tools: {} }, manifest }, 'ask'],
    ['manifest default beats the tool default', { toolName: 'read_file', manifest, toolDefault: 'preApproved' as const }, 'blocked'],
    [
      'manifest per-tool beats the tool default',
      { toolName: 'delete_file', manifest: { tools: { delete_file: 'preApproved' as const } }, toolDefault: 'ask' as const },
      'preApproved',
    ],
    ['tool default when nothing is configured', { toolName: 'read_file', toolDefault: 'preApproved' as const }, 'preApproved'],
    ['ask when nothing at all is known', { toolName: 'mystery' }, 'ask'],
    [
      "another tool's per-tool rule does not apply",
      { toolName: 'read_file', worker: { tools: { write_file: 'blocked' as const } }, toolDefault: 'preApproved' as const },
      'preApproved',
    ],
  ])('%s', (_label, input, expected) => {
    expect(resolveApprovalRule(input)).toBe(expected);
  });

  it('ignores Object.prototype members for tools named like them', () => {
    expect(resolveApprovalRule({ toolName: 'constructor', worker: { tools: {} } })).toBe('ask');
    expect(resolveApprovalRule({ toolName: 'toString', manifest: { tools: {} }, toolDefault: 'preApproved' })).toBe('preApproved');
  });

  it('says where the rule came from', () => {
    expect(explainApprovalRule({ toolName: 'write_file', worker })).toEqual({ rule: 'preApproved', source: 'worker' });
    expect(explainApprovalRule({ toolName: 'x', manifest })).toEqual({ rule: 'blocked', source: 'manifest' });
    expect(explainApprovalRule({ toolName: 'x', toolDefault: 'ask' })).toEqual({ rule: 'ask', source: 'tool' });
    expect(explainApprovalRule({ toolName: 'x' })).toEqual({ rule: 'ask', source: 'fallback' });
  });
});

describe('toolDefaultRule', () => {
  it.each([
    [{ defaultRule: 'preApproved' as const, needsApproval: true }, 'preApproved'],
    [{ needsApproval: false }, 'preApproved'],
    [{ needsApproval: true }, 'ask'],
    [{ needsApproval: () => false }, 'ask'],
    [{}, undefined],
  ])('%o → %s', (tool, expected) => {
    expect(toolDefaultRule(tool)).toBe(expected);
  });
});
