/**
 * Prompts as the run log keeps them (docs/runs.md, "What is recorded"): each request the messages it
 * added to the one it extends, the previous request of its call or, for a chat turn's first request,
 * the last request of the turn before (`prompt_base`, another run). This rebuilds the whole prompt
 * of a request a later one extends, across runs, and makes a request whole before the run it extends
 * is deleted.
 */
import { createPromptAssembler, type ModelPromptEvent } from '../runtime/model-prompt.ts';
import { assertTextReadable } from './damaged-log.ts';
import { readMessages, storeMessages } from './stored-message.ts';
import type { RunDatabase } from './transaction.ts';

type PromptBase = NonNullable<ModelPromptEvent['prompt_base']>;
type Prompt = { messages: unknown[]; tools: unknown[] };

interface PromptRow {
  call_id: string;
  step: number;
  prompt_from: number;
  prompt_base: string | null;
  prompt_messages: string;
  prompt_tools: string | null;
  settings: string;
}

/** A `prompt_base` as stored: `[run_id, call_id, step]` (an object before schema migration 10). */
export function storePromptBase(base: PromptBase | undefined): string | null {
  return base ? JSON.stringify([base.run_id, base.call_id, base.step]) : null;
}

function readPromptBase(text: string): PromptBase {
  const value = JSON.parse(text) as PromptBase | [string, string, number];
  return Array.isArray(value) ? { run_id: value[0], call_id: value[1], step: value[2] } : value;
}

/** A request's row as the `model_prompt` event it was recorded from. */
export function promptEventOf(row: PromptRow): ModelPromptEvent {
  return {
    type: 'model_prompt',
    call_id: row.call_id,
    step: row.step,
    prompt_from: row.prompt_from,
    ...(row.prompt_base === null ? {} : { prompt_base: readPromptBase(row.prompt_base) }),
    messages: readMessages(row.prompt_messages),
    ...(row.prompt_tools === null ? {} : { tools: JSON.parse(row.prompt_tools) as unknown[] }),
    settings: JSON.parse(row.settings) as Record<string, unknown>,
  } as ModelPromptEvent;
}

/** The whole prompt of the request each `prompt_base` names, read from `db` (each once). */
export function basePrompts(db: RunDatabase): (base: PromptBase) => Prompt | undefined {
  const rows = db.prepare(
    `SELECT call_id, step, prompt_from, prompt_base, prompt_messages, prompt_tools, settings FROM model_requests
     WHERE run_id = ? AND call_id = ? AND step <= ? AND prompt_messages IS NOT NULL ORDER BY step`,
  );
  const known = new Map<string, Prompt | undefined>();
  const resolve = (base: PromptBase): Prompt | undefined => {
    const key = `${base.run_id} ${base.call_id} ${base.step}`;
    if (known.has(key)) return known.get(key);
    const assemble = createPromptAssembler(resolve);
    let prompt: Prompt | undefined;
    // Another run's rows: their text is read as bytes first, as `runs show` does its own run's (`damaged-log.ts`).
    const params = [base.run_id, base.call_id, base.step];
    assertTextReadable(db, { table: 'model_requests', where: 'run_id = ? AND call_id = ? AND step <= ?', params });
    for (const row of rows.all(...params) as unknown as PromptRow[]) {
      const { messages, tools } = assemble(promptEventOf(row));
      prompt = { messages, tools };
    }
    known.set(key, prompt);
    return prompt;
  };
  return resolve;
}

/** Makes the requests that extend a request of the runs `ids` whole, so that deleting those runs leaves them so. */
export function detachStoredPrompts(db: RunDatabase, ids: readonly string[]): void {
  const deleting = new Set(ids);
  const referring = db.prepare(
    `SELECT run_id, call_id, step, prompt_from, prompt_base, prompt_messages, prompt_tools, settings FROM model_requests
     WHERE prompt_base IS NOT NULL AND coalesce(json_extract(prompt_base, '$[0]'), json_extract(prompt_base, '$.run_id')) IN (SELECT value FROM json_each(?))`,
  );
  const whole = db.prepare(
    `UPDATE model_requests SET prompt_from = 0, prompt_base = NULL, prompt_messages = ?, prompt_tools = ? WHERE run_id = ? AND call_id = ? AND step = ?`,
  );
  const resolve = basePrompts(db);
  for (const row of referring.all(JSON.stringify(ids)) as unknown as (PromptRow & { run_id: string })[]) {
    if (deleting.has(row.run_id)) continue;
    const base = resolve(readPromptBase(row.prompt_base!));
    const own = readMessages(row.prompt_messages);
    const messages = [...(base?.messages.slice(0, row.prompt_from) ?? []), ...own];
    const tools = row.prompt_tools === null ? JSON.stringify(base?.tools ?? []) : row.prompt_tools;
    whole.run(storeMessages(messages), tools, row.run_id, row.call_id, row.step);
  }
}
