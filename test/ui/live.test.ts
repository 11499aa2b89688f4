/**
 * The change feed behind the page's live views (src/ui/live.ts): a commit of another connection to
 * the run log is announced, several changes at once make one announcement, and nothing is
 * announced to a listener that left.
 */
import { describe, expect, test } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { createChangeFeed, createEventStream } from '../../src/ui/live.ts';
import { seedPausedRun, tempLog } from '../run-log/helpers.ts';

describe('change feed', () => {
  test("another connection's commit is announced once; touch() announces this connection's own", async () => {
    const file = tempLog();
    const reader = openRunDatabase(file);
    const writer = openRunDatabase(file);
    const feed = createChangeFeed(reader, { pollMs: 5, refreshMs: 3_600_000 });
    try {
      let announced = 0;
      let next!: () => void;
      const listener = () => {
        announced++;
        next?.();
      };
      const unsubscribe = feed.subscribe(listener);
      const announcement = () => new Promise<void>((resolve) => (next = resolve));

      const first = announcement();
      seedPausedRun(
        createSqliteRunStore(writer, {
          onWriteFailure: (error) => {
            throw error;
          },
        }),
        '0193aaaa-0000-7000-8000-00000000000a',
      );
      await first;
      expect(announced).toBe(1);

      const touched = announcement();
      feed.touch();
      feed.touch();
      await touched;
      // Two touches in one turn of the event loop: one announcement.
      await new Promise((resolve) => setImmediate(resolve));
      expect(announced).toBe(2);

      unsubscribe();
      feed.touch();
      await new Promise((resolve) => setImmediate(resolve));
      expect(announced).toBe(2);
    } finally {
      feed.close();
      reader.close();
      writer.close();
    }
  });
});

describe('event stream', () => {
  test('sends named events, skips a view sent already, and tells its listeners when the page goes away', async () => {
    const { body, stream } = createEventStream();
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let closed = 0;
    stream.onClose(() => closed++);
    stream.sendIfChanged('run', { status: 'running' });
    stream.sendIfChanged('run', { status: 'running' });
    stream.send('text', { call_id: 'c1', text: 'hi' });
    let text = '';
    while (!text.includes('event: text')) text += decoder.decode((await reader.read()).value);
    expect(text).toBe(': llm-do ui\n\nevent: run\ndata: {"status":"running"}\n\nevent: text\ndata: {"call_id":"c1","text":"hi"}\n\n');
    await reader.cancel();
    expect(closed).toBe(1);
    expect(stream.closed).toBe(true);
    // Nothing is written once closed.
    stream.send('text', { call_id: 'c1', text: 'late' });
  });
});
