import { describe, expect, test } from 'vitest';
import { journaledFetch } from '../../src/restate/journaled-fetch.ts';

/** A journal that records step results, and on `replaying` answers from them without running. */
function memoryJournal() {
  const recorded: unknown[] = [];
  let replayAt: number | undefined;
  return {
    recorded,
    replay: () => void (replayAt = 0),
    step: async <T>(_name: string, action: () => Promise<T>): Promise<T> => {
      if (replayAt !== undefined) return JSON.parse(JSON.stringify(recorded[replayAt++])) as T;
      const value = await action();
      recorded.push(JSON.parse(JSON.stringify(value)));
      return value;
    },
  };
}

describe('journaled fetch', () => {
  test('a replay gets the recorded status, headers and body without asking again', async () => {
    const journal = memoryJournal();
    let asked = 0;
    const base = async () => {
      asked += 1;
      return new Response('{"answer": 42}', { status: 429, statusText: 'Too Many Requests', headers: { 'retry-after': '3' } });
    };
    const fetch = journaledFetch(journal, base as typeof globalThis.fetch);
    await fetch('http://model/v1');
    journal.replay();
    const replayed = await fetch('http://model/v1');
    expect(asked).toBe(1);
    expect([replayed.status, replayed.statusText, replayed.headers.get('retry-after'), await replayed.text()]).toEqual([
      429,
      'Too Many Requests',
      '3',
      '{"answer": 42}',
    ]);
  });

  test("a network failure is recorded and thrown again as fetch's TypeError, with its code", async () => {
    const journal = memoryJournal();
    const base = async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    };
    const fetch = journaledFetch(journal, base as typeof globalThis.fetch);
    await expect(fetch('http://model/v1')).rejects.toMatchObject({ name: 'TypeError', cause: { code: 'ECONNREFUSED' } });
    journal.replay();
    await expect(fetch('http://model/v1')).rejects.toMatchObject({ name: 'TypeError', cause: { code: 'ECONNREFUSED' } });
  });

  test('an abort is not recorded: the run is stopping, and a replay asks again', async () => {
    const journal = memoryJournal();
    const abort = new AbortController();
    abort.abort(new Error('stop'));
    const base = async () => {
      throw new Error('aborted');
    };
    await expect(journaledFetch(journal, base as typeof globalThis.fetch)('http://model/v1', { signal: abort.signal })).rejects.toThrow('aborted');
    expect(journal.recorded).toEqual([]);
  });

  test('a 204 comes back without a body', async () => {
    const journal = memoryJournal();
    const response = await journaledFetch(journal, (async () => new Response(null, { status: 204 })) as typeof globalThis.fetch)('http://x');
    expect([response.status, await response.text()]).toEqual([204, '']);
  });
});
