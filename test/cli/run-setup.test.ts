/** The approval flags of `run` and `chat`: `--on-approval` and its aliases map to one `onApproval`. */
import { describe, expect, test } from 'vitest';
import { asksAtTerminal, onApprovalFromFlags } from '../../src/cli/run-setup.ts';

describe('onApprovalFromFlags', () => {
  test('--on-approval and its aliases', () => {
    expect(onApprovalFromFlags({ onApproval: 'approve' })).toBe('approve');
    expect(onApprovalFromFlags({ approveAll: true })).toBe('approve');
    expect(onApprovalFromFlags({ onApproval: 'deny' })).toBe('deny');
    expect(onApprovalFromFlags({ autoDeny: true })).toBe('deny');
    expect(onApprovalFromFlags({ strict: true })).toBe('deny');
    expect(onApprovalFromFlags({ onApproval: 'pause' })).toBe('pause');
    expect(onApprovalFromFlags({ onApproval: 'ask' })).toBeUndefined();
    expect(onApprovalFromFlags({})).toBeUndefined();
  });

  test('the terminal asks unless a flag chose who decides', () => {
    expect(asksAtTerminal({})).toBe(true);
    expect(asksAtTerminal({ onApproval: 'ask' })).toBe(true);
    expect(asksAtTerminal({ onApproval: 'pause' })).toBe(false);
    expect(asksAtTerminal({ approveAll: true })).toBe(false);
  });
});
