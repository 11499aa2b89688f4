/**
 * Chat conversations in the run log (docs/runs.md, "Conversations"): the turns of one conversation
 * share a `conversation_id`, the run id of its first turn (or of the run a chat went on from).
 */
import { UsageError } from '../errors.ts';
import { assertTextReadable } from './damaged-log.ts';
import { inputExcerpt } from './input-excerpt.ts';
import { readJson } from './stored-value.ts';
import type { RunDatabase } from './transaction.ts';

export interface ConversationSummary {
  id: string;
  /** The project's name, as its turns recorded it. */
  project: string;
  project_root: string;
  /** The worker of its latest turn. */
  entry: string;
  turns: number;
  /** When its first turn started (ISO 8601). */
  started_at: string;
  /** When its latest turn started. */
  last_turn_at: string;
  last_run_id: string;
  /** What its first turn was asked, on one line. */
  input_excerpt: string | null;
  input_tokens: number;
  output_tokens: number;
  /** USD; null when a turn's model had no price or a turn is running. */
  cost_usd: number | null;
}

const GROUPED = `
  SELECT conversation_id AS id, count(*) AS turns, min(started_at) AS started_at, max(started_at) AS last_turn_at,
    sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens,
    CASE WHEN count(cost_usd) = count(*) THEN sum(cost_usd) END AS cost_usd
  FROM runs WHERE conversation_id IS NOT NULL`;

/** The conversations, the one with the latest turn first; only those of `projectRoot` when given. */
export function listConversations(db: RunDatabase, options: { limit: number; projectRoot?: string }): ConversationSummary[] {
  const inProject = options.projectRoot === undefined ? '' : ' AND project_root = ?';
  const params = options.projectRoot === undefined ? [] : [options.projectRoot];
  const groups = db.prepare(`${GROUPED}${inProject} GROUP BY conversation_id ORDER BY last_turn_at DESC LIMIT ?`).all(...params, options.limit) as Pick<
    ConversationSummary,
    'id' | 'turns' | 'started_at' | 'last_turn_at' | 'input_tokens' | 'output_tokens' | 'cost_usd'
  >[];
  const turn = db.prepare(
    `SELECT id, project, project_root, entry, input_excerpt, CASE WHEN input_excerpt IS NULL THEN input END AS excerpt_source
     FROM runs WHERE conversation_id = ? ORDER BY started_at, id LIMIT 1`,
  );
  const latest = db.prepare(`SELECT id, entry FROM runs WHERE conversation_id = ? ORDER BY started_at DESC, id DESC LIMIT 1`);
  return groups.map((group) => {
    assertTextReadable(db, {
      table: 'runs',
      where: 'conversation_id = ?',
      params: [group.id],
      columns: ['id', 'project', 'project_root', 'entry', 'input_excerpt', 'input'],
    });
    const first = (turn.all(group.id) as Record<string, any>[])[0]!;
    const last = (latest.all(group.id) as { id: string; entry: string }[])[0]!;
    return {
      ...group,
      project: first.project,
      project_root: first.project_root,
      entry: last.entry,
      last_run_id: last.id,
      input_excerpt: first.input_excerpt ?? (first.excerpt_source === null ? null : inputExcerpt(readJson(first.excerpt_source))),
    };
  });
}

/** The full id of the conversation `ref` names: `last` (the one with the latest turn), or a unique prefix of an id. */
export function resolveConversationId(db: RunDatabase, ref: string): string {
  // An empty prefix would match every conversation: it names none.
  if (ref === '') throw new UsageError('--conversation expects a conversation id, a unique prefix of one, or "last" (got an empty string)');
  if (ref === 'last') {
    const latest = listConversations(db, { limit: 1 })[0];
    if (!latest) throw new UsageError('no conversation is recorded yet ("last" names the latest; llm-do chat starts one)');
    return latest.id;
  }
  const matches = (
    db.prepare(`SELECT DISTINCT conversation_id AS id FROM runs WHERE substr(conversation_id, 1, ?) = ? LIMIT 11`).all(ref.length, ref) as { id: string }[]
  ).map((row) => row.id);
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) throw new UsageError(`no recorded conversation has an id starting with "${ref}" (llm-do runs --conversations lists them)`);
  throw new UsageError(
    `"${ref}" is the start of more than one conversation id; give more of it:\n${matches
      .slice(0, 10)
      .map((id) => `  ${id}`)
      .join('\n')}`,
  );
}

/** The conversation of the project at `projectRoot` whose latest turn is the newest, if it has any. */
export function lastConversationOf(db: RunDatabase, projectRoot: string): string | undefined {
  return listConversations(db, { limit: 1, projectRoot })[0]?.id;
}

/** The runs of conversation `id`, newest first, with their status. */
export function conversationTurns(db: RunDatabase, id: string): { id: string; status: string }[] {
  return db.prepare(`SELECT id, status FROM runs WHERE conversation_id = ? ORDER BY started_at DESC, id DESC`).all(id) as { id: string; status: string }[];
}
