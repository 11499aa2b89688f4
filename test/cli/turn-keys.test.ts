/** The chat's input filter: Ctrl-D while a turn runs cancels the turn; otherwise keys pass through. */
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { cancellableTurnInput } from '../../src/cli/turn-keys.ts';

function setup(running: boolean) {
  const source = Object.assign(new PassThrough(), { isTTY: true, modes: [] as boolean[], setRawMode: (mode: boolean) => void source.modes.push(mode) });
  let cancelled = 0;
  const keys = cancellableTurnInput(
    source,
    () => running,
    () => void (cancelled += 1),
  );
  let seen = '';
  keys.input.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  return { source, keys, seen: () => seen, cancelled: () => cancelled };
}

describe('cancellableTurnInput', () => {
  test('while a turn runs, Ctrl-D cancels it and never reaches the line editor; other keys pass', async () => {
    const { source, seen, cancelled } = setup(true);
    source.write('ab\u0004c');
    await new Promise((resolve) => setImmediate(resolve));
    expect(cancelled()).toBe(1);
    expect(seen()).toBe('abc');
  });

  test('at the prompt Ctrl-D passes (it ends the chat); raw mode goes to the real terminal; close stops reading', async () => {
    const { source, keys, seen, cancelled } = setup(false);
    keys.input.setRawMode!(true);
    expect(source.modes).toEqual([true]);
    expect(keys.input.isTTY).toBe(true);
    source.write('\u0004');
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen()).toBe('\u0004');
    expect(cancelled()).toBe(0);
    keys.close();
    expect(source.listenerCount('data')).toBe(0);
  });
});
