/**
 * One run, followed live: its facts, error, what it waits for, input and output, and its calls. A
 * recorded step replaces the text its calls streamed since the one before.
 */
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import type { RunView } from '../api.ts';
import type { RunDetail } from '../../run-log/index.ts';
import { Duration, StatusBadge } from './bits.ts';
import { CallTree, Timeline } from './call-tree.ts';
import { callsOf, scaleOf } from './calls.ts';
import { asText, finished, formatCost, formatWhen } from './format.ts';
import { InterruptedPanel, PendingPanel } from './pending.ts';
import { get, openStream, type StreamStatus } from './server-api.ts';

type Shown = { view: RunView } | { problem: string } | undefined;

export function RunPage({ id, status }: { id: string; status: StreamStatus }) {
  const [shown, setShown] = useState<Shown>(undefined);
  const [liveText, setLiveText] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    setShown(undefined);
    setLiveText(new Map());
    return openStream(
      `/api/live/runs/${encodeURIComponent(id)}`,
      {
        run(view: RunView) {
          setLiveText(new Map());
          setShown({ view });
        },
        problem: ({ error }: { error: string }) => setShown({ problem: error }),
        text: ({ call_id, text }: { call_id: string; text: string }) =>
          setLiveText((before) => new Map(before).set(call_id, (before.get(call_id) ?? '') + text)),
      },
      {
        ...status,
        // A stream the server refuses (an unknown run: 404) only fails; asking for the run says why.
        onLive(live) {
          status.onLive(live);
          if (!live) get<RunView>(`/api/runs/${encodeURIComponent(id)}`).catch((error: Error) => setShown({ problem: error.message }));
        },
      },
    );
  }, [id]);
  if (shown === undefined) return html`<p class="muted">loading…</p>`;
  if ('problem' in shown) return html`<div class="panel"><h2>This run cannot be shown</h2><div class="error-text">${shown.problem}</div></div>`;
  const { view } = shown;
  const { run } = view;
  const onView = (next: RunView) => setShown({ view: next });
  return html`<div>
    <h1><span>${run.entry}</span><${StatusBadge} status=${run.status} /><span class="muted mono">${run.id}</span></h1>
    <${Facts} run=${run} />
    ${run.error ? html`<div class="panel"><h2>Error</h2><div class="error-text">${run.error}</div></div>` : null}
    ${view.pending_error ? html`<div class="panel pending"><div class="error-text">${view.pending_error}</div></div>` : null}
    ${view.pending.length + view.questions.length > 0 ? html`<${PendingPanel} run=${run} pending=${view.pending} questions=${view.questions} onView=${onView} />` : null}
    ${run.status === 'interrupted' ? html`<${InterruptedPanel} run=${run} />` : null}
    <div class="panel"><h2>Input</h2><pre>${asText(run.input)}</pre></div>
    ${run.output !== undefined && run.output !== null ? html`<div class="panel"><h2>Output</h2><pre data-output>${asText(run.output)}</pre></div>` : null}
    ${run.warnings.map((warning) => html`<div class="panel"><span class="muted">warning </span>${warning.message}</div>`)}
    <${Calls} view=${view} liveText=${liveText} />
  </div>`;
}

function Calls({ view, liveText }: { view: RunView; liveText: ReadonlyMap<string, string> }) {
  const { run } = view;
  if (!run.root) return html`<div class="panel"><h2>Call tree</h2><p class="muted">no call recorded yet</p></div>`;
  const calls = callsOf(run);
  const scale = scaleOf(run, calls, view.questions);
  return html`<div class="panel"><h2>Calls</h2><${Timeline} run=${run} calls=${calls} scale=${scale} /></div>
    <div class="panel"><h2>Call tree</h2><${CallTree} run=${run} scale=${scale} liveText=${liveText} /></div>`;
}

function Facts({ run }: { run: RunDetail }) {
  const running = run.status === 'running' && run.duration_ms === null ? run.started_at : undefined;
  const rows: [string, unknown][] = [
    ['project', `${run.project}  (${run.project_root})`],
    ['model', run.model ?? '–'],
    ['started', `${formatWhen(run.started_at)} · pid ${run.pid} on ${run.host}`],
    ['duration', html`<${Duration} ms=${run.duration_ms} runningSince=${running} />`],
    ['tokens', `${run.input_tokens} in${run.cache_read_tokens ? ` (${run.cache_read_tokens} cached)` : ''} · ${run.output_tokens} out`],
    ['cost', formatCost(run.cost_usd, finished(run.status))],
  ];
  if (run.exit_code !== null) rows.push(['exit code', String(run.exit_code)]);
  return html`<dl class="facts">${rows.map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}</dl>`;
}
