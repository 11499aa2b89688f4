/** The approval flags of `run` and `chat`: `--on-approval` and its aliases map to one mode. */
import { describe, expect, test } from 'vitest';
import { approvalFromFlags } from '../../src/cli/run-setup.ts';

describe('approvalFromFlags', () => {
  test('--on-approval and its aliases', () => {
    expect(approvalFromFlags({ onApproval: 'approve' })).toBe('approve_all');
    expect(approvalFromFlags({ approveAll: true })).toBe('approve_all');
    expect(approvalFromFlags({ onApproval: 'deny' })).toBe('auto_deny');
    expect(approvalFromFlags({ autoDeny: true })).toBe('auto_deny');
    expect(approvalFromFlags({ strict: true })).toBe('auto_deny');
    expect(approvalFromFlags({ onApproval: 'ask' })).toBeUndefined();
    expect(approvalFromFlags({})).toBeUndefined();
  });
});
