/**
 * The runs list: newest first, with a status filter and a search box over what runs recorded (as
 * `llm-do runs search`). A row shows the start of the run's input, its project and its kind, and the
 * turns of one chat conversation are grouped under its newest turn (docs/ui.md).
 */
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import type { RunsView } from '../api.ts';
import type { RunSummary, SearchHit } from '../../run-log/index.ts';
import { Duration, StatusBadge } from './bits.ts';
import { finished, formatCost, formatTokens, formatWhen } from './format.ts';
import { get } from './server-api.ts';

/** A run of the list, and the earlier turns of its conversation shown under it. */
interface ListEntry {
  run: RunSummary;
  turns: RunSummary[];
}

/** Groups the turns of each conversation under its newest one, which takes the place of the newest turn. */
export function groupConversations(runs: readonly RunSummary[]): ListEntry[] {
  const entries: ListEntry[] = [];
  const byConversation = new Map<string, ListEntry>();
  for (const run of runs) {
    const conversation = run.conversation_id ?? undefined;
    const entry = conversation === undefined ? undefined : byConversation.get(conversation);
    if (entry) {
      entry.turns.push(run);
      continue;
    }
    const created = { run, turns: [] };
    entries.push(created);
    if (conversation !== undefined) byConversation.set(conversation, created);
  }
  return entries;
}

export function RunsPane({ view, selected }: { view: RunsView; selected: string | undefined }) {
  const [filter, setFilter] = useState('');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ hits: SearchHit[] } | { error: string } | undefined>(undefined);
  useEffect(() => {
    const text = query.trim();
    if (text === '') return void setFound(undefined);
    // Searches a moment after typing stops.
    let current = true;
    const timer = setTimeout(() => {
      get<{ runs: SearchHit[] }>(`/api/search?q=${encodeURIComponent(text)}`).then(
        (answer) => current && setFound({ hits: answer.runs }),
        (error: Error) => current && setFound({ error: error.message }),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);
  const passes = (run: RunSummary) => !filter || run.status === filter;
  let items: unknown;
  if (found && 'error' in found) items = html`<li class="empty error-text">${found.error}</li>`;
  else if (found) {
    const hits = found.hits.filter((hit) => passes(hit.run));
    items = hits.length
      ? hits.map((hit) => html`<${RunItem} key=${hit.run.id} run=${hit.run} view=${view} selected=${selected} matches=${hit.matches} />`)
      : html`<li class="empty muted">no recorded run matches</li>`;
  } else {
    const entries = groupConversations(view.runs.filter(passes));
    items = entries.length
      ? entries.map(
          (entry) => html`<${RunItem} key=${entry.run.id} run=${entry.run} view=${view} selected=${selected} turns=${entry.turns.length} />
            ${entry.turns.map((turn) => html`<${RunItem} key=${turn.id} run=${turn} view=${view} selected=${selected} turnOf=${entry.run.conversation_id} />`)}`,
        )
      : html`<li class="empty muted">${filter ? `no ${filter} runs` : 'no runs recorded yet'}</li>`;
  }
  return html`<nav class="runs" aria-label="runs">
    <div class="runs-head">
      <h2>Runs</h2>
      <select id="status-filter" aria-label="status filter" value=${filter} onChange=${(event: Event) => setFilter((event.currentTarget as HTMLSelectElement).value)}>
        <option value="">all</option>
        ${['running', 'paused', 'ok', 'error', 'interrupted'].map((status) => html`<option value=${status}>${status}</option>`)}
      </select>
    </div>
    <div class="search">
      <input
        id="search"
        type="search"
        placeholder="search inputs, outputs, prompts, tool calls"
        aria-label="search runs"
        value=${query}
        onInput=${(event: Event) => setQuery((event.currentTarget as HTMLInputElement).value)}
      />
    </div>
    <ol id="runs">${items}</ol>
  </nav>`;
}

interface RunItemProps {
  run: RunSummary;
  view: RunsView;
  selected: string | undefined;
  matches?: SearchHit['matches'];
  /** How many earlier turns of its conversation are listed under this run. */
  turns?: number;
  /** The conversation this earlier turn belongs to. */
  turnOf?: string | null;
}

function RunItem({ run, view, selected, matches = [], turns = 0, turnOf }: RunItemProps) {
  const undecided = view.undecided[run.id] ?? 0;
  const unanswered = view.unanswered[run.id] ?? 0;
  const running = run.status === 'running' && run.duration_ms === null ? run.started_at : undefined;
  const kind = run.kind && run.kind !== 'run' ? run.kind : undefined;
  return html`<li data-run-id=${run.id} data-conversation-id=${run.conversation_id ?? undefined} class=${turnOf ? 'turn' : undefined}>
    <a href=${`#/runs/${run.id}`} class=${run.id === selected ? 'selected' : undefined}>
      <div class="run-line">
        <${StatusBadge} status=${run.status} />
        <span class="entry">${run.entry}</span>
        ${kind ? html`<span class="kind" data-kind=${kind}>${kind}</span>` : null}
        ${turns > 0 ? html`<span class="badge conversation" title="turns of this conversation">${`${turns + 1} turns`}</span>` : null}
        ${undecided > 0 ? html`<span class="badge" title="approvals waiting">${`${undecided} to decide`}</span>` : null}
        ${unanswered > 0 ? html`<span class="badge" title="questions waiting">${`${unanswered} to answer`}</span>` : null}
        <span class="when">${formatWhen(run.started_at)}</span>
      </div>
      ${run.input_excerpt ? html`<div class="excerpt" title=${run.input_excerpt}>${run.input_excerpt}</div>` : null}
      <div class="run-meta">
        ${run.project ? html`<span class="project">${run.project}</span>` : null}
        <span class="model">${run.model ?? ''}</span>
        <${Duration} ms=${run.duration_ms} runningSince=${running} />
        <span>${`${formatTokens(run.input_tokens + run.output_tokens)} tok`}</span>
        <span>${formatCost(run.cost_usd, finished(run.status))}</span>
      </div>
      ${matches.map((match) => html`<div class="snippet" title=${match.snippet}>${`${match.kind}: ${match.snippet}`}</div>`)}
    </a>
  </li>`;
}
