/** Messages in the provider's form: file data tagged, empty text dropped, provider options kept. */
import { describe, expect, test } from 'vitest';
import { toProviderMessages } from '../../src/runtime/provider-messages.ts';

describe('toProviderMessages', () => {
  test('user text and files: bytes, base64 text (as saved states keep bytes), data: URLs and web addresses', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const [message] = toProviderMessages([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'file', mediaType: 'image/png', data: bytes },
          { type: 'file', mediaType: 'application/pdf', data: 'AQID', filename: 'a.pdf' },
          { type: 'file', mediaType: 'image/png', data: 'data:image/png;base64,AQID' },
          { type: 'file', mediaType: 'image/png', data: 'https://example.test/a.png' },
        ],
      },
    ]);
    expect(message).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'look' },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: bytes } },
        { type: 'file', mediaType: 'application/pdf', data: { type: 'data', data: 'AQID' }, filename: 'a.pdf' },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'AQID' } },
        { type: 'file', mediaType: 'image/png', data: { type: 'url', url: new URL('https://example.test/a.png') } },
      ],
    });
  });

  test('a string user message is one text part; empty assistant text without options is left out', () => {
    expect(
      toProviderMessages([
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: '' },
            { type: 'tool-call', toolCallId: 'a', toolName: 't', input: {} },
          ],
        },
        { role: 'assistant', content: '' },
      ]),
    ).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 't', input: {} }] },
      { role: 'assistant', content: [] },
    ]);
  });

  test('tool results keep their output and options; a provider-run result stays in the assistant message', () => {
    const options = { openai: { itemId: 'ws_1' } };
    expect(
      toProviderMessages([
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 's', toolName: 'web_search', input: { query: 'q' }, providerExecuted: true, providerOptions: options },
            { type: 'tool-result', toolCallId: 's', toolName: 'web_search', output: { type: 'json', value: [{ url: 'u' }] } },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'b', toolName: 't', output: { type: 'execution-denied', reason: 'no' } }] },
      ]),
    ).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 's', toolName: 'web_search', input: { query: 'q' }, providerExecuted: true, providerOptions: options },
          { type: 'tool-result', toolCallId: 's', toolName: 'web_search', output: { type: 'json', value: [{ url: 'u' }] } },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'b', toolName: 't', output: { type: 'execution-denied', reason: 'no' } }] },
    ]);
  });

  test('file data of any other kind is refused, naming what it is', () => {
    expect(() => toProviderMessages([{ role: 'user', content: [{ type: 'file', mediaType: 'image/png', data: 42 as never }] }])).toThrow(
      "a file part's data must be bytes, base64 text or a URL, not number",
    );
  });
});
