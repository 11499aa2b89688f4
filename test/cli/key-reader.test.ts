/** Single keys from a terminal in raw mode: typed-ahead keys dropped, the terminal's mode restored. */
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { canReadKeys, readKey, TYPE_AHEAD_DRAIN_MS } from '../../src/cli/key-reader.ts';

/** A fake terminal input that records its raw-mode changes. */
function fakeTerminal() {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    isRaw: false,
    modes: [] as boolean[],
    setRawMode(mode: boolean) {
      input.isRaw = mode;
      input.modes.push(mode);
      return input;
    },
  });
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => (written += chunk.toString()));
  return { input, output, written: () => written };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('readKey', () => {
  test('drops what was typed before the prompt, then takes one key (Enter not needed, a trailing Enter dropped)', async () => {
    const { input, output, written } = fakeTerminal();
    const key = readKey(input, output, 'choice> ');
    input.write('a\r');
    await vi.advanceTimersByTimeAsync(0);
    expect(written()).toBe('');
    await vi.advanceTimersByTimeAsync(TYPE_AHEAD_DRAIN_MS);
    expect(written()).toBe('choice> ');
    input.write('S\r');
    await expect(key).resolves.toBe('s');
    expect(input.modes).toEqual([true, false]);
    expect(input.listenerCount('data')).toBe(0);
  });

  test('Enter alone is an empty key; an abort rejects and restores the mode', async () => {
    const { input, output } = fakeTerminal();
    const enter = readKey(input, output, '> ');
    await vi.advanceTimersByTimeAsync(TYPE_AHEAD_DRAIN_MS);
    input.write('\r');
    await expect(enter).resolves.toBe('');

    const controller = new AbortController();
    const aborted = readKey(input, output, '> ', controller.signal);
    controller.abort(new Error('stopped'));
    await expect(aborted).rejects.toThrow('stopped');
    expect(input.isRaw).toBe(false);
    expect(input.listenerCount('data')).toBe(0);
  });

  test('only terminals with a raw mode can be read by key', () => {
    expect(canReadKeys(fakeTerminal().input)).toBe(true);
    expect(canReadKeys(new PassThrough())).toBe(false);
  });
});
