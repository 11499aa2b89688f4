/**
 * How `runs.db` keeps a prompt or state message (`state_messages.message`, the items of
 * `model_requests.prompt_messages`): a message of one text part and nothing else, the most common
 * one (a chat's question and answer), as `[role, text]`; any other as it is. A message is always an
 * object, so the short form cannot be mistaken for one; rows written before it read as they are.
 */

/** `message` as stored. */
export function storedMessage(message: unknown): unknown {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return message;
  const { role, content, ...rest } = message as { role?: unknown; content?: unknown };
  if (typeof role !== 'string' || Object.keys(rest).length > 0 || !Array.isArray(content) || content.length !== 1) return message;
  const [part] = content as Record<string, unknown>[];
  if (part === null || typeof part !== 'object' || part.type !== 'text' || typeof part.text !== 'string' || Object.keys(part).length !== 2) return message;
  return [role, part.text];
}

/** A message as stored, as the message it is. */
export function readMessage(stored: unknown): unknown {
  if (!Array.isArray(stored) || stored.length !== 2 || typeof stored[0] !== 'string' || typeof stored[1] !== 'string') return stored;
  return { role: stored[0], content: [{ type: 'text', text: stored[1] }] };
}

/** A list of messages (a prompt's) as stored, as JSON text. */
export function storeMessages(messages: readonly unknown[]): string {
  return JSON.stringify(messages.map(storedMessage));
}

/** JSON text of messages as {@link storeMessages} wrote it (or as written before it), as the messages. */
export function readMessages(text: string): unknown[] {
  return (JSON.parse(text) as unknown[]).map(readMessage);
}
