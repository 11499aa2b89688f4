/**
 * What the page's views compute (src/ui/client/): times in the shared format, an edit's diff on an
 * approval card, and chat turns grouped under their conversation in the runs list.
 */
import { describe, expect, test } from 'vitest';
import { lineDiff } from '../../../src/ui/client/args-view.ts';
import { formatWhen } from '../../../src/ui/client/format.ts';
import type { RunSummary } from '../../../src/run-log/index.ts';
import { groupConversations } from '../../../src/ui/client/runs-list.ts';

describe('page views', () => {
  test('times are local YYYY-MM-DD HH:MM:SS', () => {
    const local = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatWhen(local.toISOString())).toBe('2026-01-05 07:08:09');
  });

  test("an edit's diff keeps the lines around the change and shows the removed and added ones", () => {
    expect(lineDiff('a\nb\nc\nd', 'a\nB\nB2\nd')).toEqual([
      { sign: ' ', text: 'a' },
      { sign: '-', text: 'b' },
      { sign: '-', text: 'c' },
      { sign: '+', text: 'B' },
      { sign: '+', text: 'B2' },
      { sign: ' ', text: 'd' },
    ]);
    expect(lineDiff('same', 'same')).toEqual([{ sign: ' ', text: 'same' }]);
    expect(lineDiff('', 'new')).toEqual([
      { sign: '-', text: '' },
      { sign: '+', text: 'new' },
    ]);
  });

  test('turns of one conversation go under its newest turn; runs without one stay as they are', () => {
    const run = (id: string, conversation_id: string | null = null) => ({ id, conversation_id }) as RunSummary;
    const grouped = groupConversations([run('t3', 'c'), run('r1'), run('t2', 'c'), run('r2'), run('t1', 'c')]);
    expect(grouped.map((entry) => [entry.run.id, entry.turns.map((turn) => turn.id)])).toEqual([
      ['t3', ['t2', 't1']],
      ['r1', []],
      ['r2', []],
    ]);
  });
});
