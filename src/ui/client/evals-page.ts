/**
 * The Evals page (docs/ui.md, "Evals"): the evals `llm-do eval` recorded, newest first, and one eval's
 * table as the terminal report shows it — per model the pass rate, mean judge score, cost, tokens and
 * latency, then the failures by case with a link to each case's run — optionally compared with an
 * earlier eval (regressions and improvements, as `--compare`).
 */
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import type { EvalView, EvalsView } from '../evals-api.ts';
import { formatCost, formatDuration, formatTokens, formatWhen } from './format.ts';
import { get } from './server-api.ts';

/** Loads `path` whenever it changes: the answer, or the server's refusal as a message. */
function useAnswer<T>(path: string): T | { problem: string } | undefined {
  const [answer, setAnswer] = useState<T | { problem: string } | undefined>(undefined);
  useEffect(() => {
    let current = true;
    setAnswer(undefined);
    get<T>(path).then(
      (value) => current && setAnswer(value),
      (error: Error) => current && setAnswer({ problem: error.message }),
    );
    return () => {
      current = false;
    };
  }, [path]);
  return answer;
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const score = (value: number | null) => (value === null ? '–' : value.toFixed(2));

export function EvalsList() {
  const answer = useAnswer<EvalsView>('/api/evals');
  if (answer === undefined) return html`<p class="muted">loading…</p>`;
  if ('problem' in answer) return html`<p class="error-text">${answer.problem}</p>`;
  if (answer.evals.length === 0)
    return html`<div class="panel"><h2>Evals</h2><p class="muted">No eval has run yet: <code>llm-do eval DIR --models LIST</code> (docs/evals.md).</p></div>`;
  return html`<div class="panel">
    <h2>Evals</h2>
    <table id="evals" class="table">
      <thead><tr><th>id</th><th>started</th><th>project</th><th>models</th><th>samples</th></tr></thead>
      <tbody>
        ${answer.evals.map(
          (listing) => html`<tr>
            <td><a href=${`#/evals/${encodeURIComponent(listing.id)}`}>${listing.id}</a></td>
            <td>${formatWhen(listing.started_at)}</td>
            <td>${listing.project}</td>
            <td>${listing.models.map((model) => model.label).join(', ')}</td>
            <td>${listing.finished}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

export function EvalPage({ id }: { id: string }) {
  const [compare, setCompare] = useState('');
  const list = useAnswer<EvalsView>('/api/evals');
  const answer = useAnswer<EvalView>(`/api/evals/${encodeURIComponent(id)}${compare ? `?compare=${encodeURIComponent(compare)}` : ''}`);
  if (answer === undefined) return html`<p class="muted">loading…</p>`;
  if ('problem' in answer) return html`<div class="panel"><h2>This eval cannot be shown</h2><p class="error-text">${answer.problem}</p></div>`;
  const { listing, summary, compared } = answer;
  const failing = summary.cases.filter((row) => row.failures.length > 0 || row.passed < row.samples);
  const earlier = list === undefined || 'problem' in list ? [] : list.evals.filter((other) => other.id !== id);
  return html`<div class="panel">
    <h2>Eval ${listing.id}</h2>
    <p class="muted">${formatWhen(listing.started_at)} · ${listing.project} · ${listing.repeat} sample${listing.repeat === 1 ? '' : 's'} a case</p>
    <table id="eval-models" class="table">
      <thead><tr><th>model</th><th>pass rate</th><th>passed</th><th>mean score</th><th>cost</th><th>tokens</th><th>p50</th><th>p95</th></tr></thead>
      <tbody>
        ${summary.models.map(
          (model) => html`<tr data-label=${model.label}>
            <td title=${model.model}>${model.label}</td>
            <td>${percent(model.pass_rate)}</td>
            <td>${model.passed}/${model.cases}</td>
            <td>${score(model.mean_score)}</td>
            <td>${formatCost(model.cost_usd, true)}</td>
            <td>${formatTokens(model.tokens)}</td>
            <td>${formatDuration(model.latency_ms.p50)}</td>
            <td>${formatDuration(model.latency_ms.p95)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
    <h3>Cases</h3>
    <table id="eval-cases" class="table">
      <thead><tr><th>case</th><th>model</th><th>passed</th><th>score</th><th>runs</th><th>failures</th></tr></thead>
      <tbody>
        ${summary.cases.map(
          (row) => html`<tr class=${failing.includes(row) ? 'failed' : ''}>
            <td>${row.case}</td>
            <td>${row.label}</td>
            <td>${row.passed}/${row.samples}</td>
            <td>${score(row.mean_score)}</td>
            <td>${row.run_ids.map((run, index) => html`<a class="eval-run" href=${`#/runs/${encodeURIComponent(run)}`}>${`run ${index + 1}`}</a> `)}</td>
            <td>${row.failures.join('; ')}</td>
          </tr>`,
        )}
      </tbody>
    </table>
    ${
      earlier.length > 0
        ? html`<p>
            <label>Compare with an earlier eval:
              <select id="eval-compare" value=${compare} onChange=${(event: Event) => setCompare((event.target as HTMLSelectElement).value)}>
                <option value="">none</option>
                ${earlier.map((other) => html`<option value=${other.id}>${other.id}</option>`)}
              </select>
            </label>
          </p>`
        : null
    }
    ${
      compared
        ? html`<ul id="eval-changes">
            ${compared.changes.length === 0 ? html`<li class="muted">no case changed against ${compared.id}</li>` : null}
            ${compared.changes.map(
              (change) =>
                html`<li class=${change.change}>${change.change}: ${change.case} · ${change.label} (${percent(change.before)} → ${percent(change.after)})</li>`,
            )}
          </ul>`
        : null
    }
  </div>`;
}
