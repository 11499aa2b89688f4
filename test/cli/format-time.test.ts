/** Times shown to people: the local time of the machine showing them, `YYYY-MM-DD HH:MM:SS` (docs/cli.md). */
import { afterEach, describe, expect, test } from 'vitest';
import { formatTime } from '../../src/cli/progress.ts';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('formatTime', () => {
  test('shows a recorded UTC time in the zone of the machine showing it', () => {
    process.env.TZ = 'UTC';
    expect(formatTime('2026-11-23T16:48:16.123Z')).toBe('2026-11-23 16:48:16');
    process.env.TZ = 'Asia/Kolkata';
    expect(formatTime('2026-11-23T16:48:16.123Z')).toBe('2026-11-23 22:18:16');
    process.env.TZ = 'America/New_York';
    expect(formatTime('2026-01-01T03:00:00Z')).toBe('2025-12-31 22:00:00');
  });

  test('a value that is not a time is shown as it is', () => {
    expect(formatTime('soon')).toBe('soon');
  });
});
