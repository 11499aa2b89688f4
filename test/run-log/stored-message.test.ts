/** How the run log keeps a message (`src/run-log/stored-message.ts`): one text part as `[role, text]`, anything else as it is. */
import { describe, expect, test } from 'vitest';
import { readMessage, readMessages, storedMessage, storeMessages } from '../../src/run-log/stored-message.ts';

describe('stored messages', () => {
  test('a message of one text part is kept as [role, text] and read back the same', () => {
    const message = { role: 'user', content: [{ type: 'text', text: 'turn 2: what comes after 1?' }] };
    expect(storedMessage(message)).toEqual(['user', 'turn 2: what comes after 1?']);
    expect(readMessage(storedMessage(message))).toEqual(message);
    expect(storeMessages([message])).toBe('[["user","turn 2: what comes after 1?"]]');
  });

  test('any other message is kept as it is, and a message written before reads as it was', () => {
    const others = [
      { role: 'system', content: 'You are main.' },
      { role: 'user', content: [{ type: 'text', text: 'a' }], providerOptions: { x: { y: 1 } } },
      { role: 'user', content: [{ type: 'text', text: 'a', providerOptions: { x: {} } }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'add', input: { a: 1 } }] },
    ];
    for (const message of others) expect(storedMessage(message)).toBe(message);
    expect(readMessages(JSON.stringify(others))).toEqual(others);
    expect(readMessages(storeMessages(others))).toEqual(others);
  });
});
