/**
 * A run's calls: the aligned timeline (time, tokens, cost per call) and the call tree with each
 * call's steps, model requests and tool calls. A call with many steps shows its last ones and folds
 * the earlier ones behind "show earlier steps", so a run of a thousand steps stays quick to draw and to read.
 */
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import type { CallRecord, RequestRecord, RunDetail, ToolCallRecord } from '../../run-log/index.ts';
import { Bar, Expandable, StatusBadge } from './bits.ts';
import { elapsed, type Scale } from './calls.ts';
import { asText, finished, formatCost, formatDuration, formatTokens, oneLine } from './format.ts';
import { PromptSent } from './prompt-view.ts';

/** How many of a call's steps show at first, and how many more each "show earlier steps" adds. */
export const STEPS_SHOWN = 20;

/** How many calls the timeline lists at first (a run that delegated a thousand times lists the rest on request). */
export const CALLS_SHOWN = 50;

/** What the tree needs besides a call: the run, the scales and the text streamed since the last step. */
interface TreeContext {
  run: RunDetail;
  scale: Scale;
  liveText: ReadonlyMap<string, string>;
}

/**
 * One aligned row per call: when it ran against the whole run, its tokens and its cost against
 * the largest call. A click on a row shows that call in the tree below.
 */
export function Timeline({ run, calls, scale }: { run: RunDetail; calls: readonly CallRecord[]; scale: Scale }) {
  const [all, setAll] = useState(false);
  const shown = all ? calls : calls.slice(0, CALLS_SHOWN);
  const row = (call: CallRecord) => {
    const began = Date.parse(call.started_at) - scale.start;
    const took = elapsed(call, run.status);
    const tokens = call.input_tokens + call.output_tokens;
    const show = () => document.querySelector(`.call[data-call-id="${CSS.escape(call.call_id)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    return html`<div class="timeline-row" data-timeline-call=${call.call_id} onClick=${show} key=${call.call_id}>
      <div class="timeline-name" title=${call.chain.join(' › ')} style=${{ paddingLeft: `${call.depth * 14}px` }}>
        <span class="call-name">${call.label}</span><${StatusBadge} status=${call.status} />
      </div>
      <${Bar} kind="time" start=${began / scale.span} width=${(took ?? 0) / scale.span} title=${`started +${formatDuration(began)}, took ${formatDuration(took)}`} />
      <div class="num">${formatDuration(took)}</div>
      <${Bar} kind="tokens" start=${0} width=${tokens / scale.maxTokens} title=${`${tokens} tokens (${call.input_tokens} in, ${call.output_tokens} out)`} />
      <div class="num">${formatTokens(tokens)} tok</div>
      ${scale.maxCost > 0 ? html`<${Bar} kind="cost" start=${0} width=${(call.cost_usd ?? 0) / scale.maxCost} title=${formatCost(call.cost_usd, true)} />` : html`<div></div>`}
      <div class="num">${formatCost(call.cost_usd, finished(run.status))}</div>
    </div>`;
  };
  return html`<div class="timeline">
    <div class="timeline-row timeline-head muted">
      <div>call</div><div>time</div><div></div><div>tokens</div><div></div><div>cost</div><div></div>
    </div>
    ${shown.map(row)}
    ${
      shown.length < calls.length
        ? html`<div class="folded">
            <span class="muted">${`${calls.length - shown.length} more calls`}</span>
            <button data-action="show-all-calls" onClick=${() => setAll(true)}>show all</button>
          </div>`
        : null
    }
  </div>`;
}

export function CallTree(context: TreeContext) {
  return html`<div class="tree"><${CallNode} call=${context.run.root!} context=${context} /></div>`;
}

/** How many steps a person chose to see, by `run call`, so a live update keeps them shown. */
const stepsShown = new Map<string, number>();

function CallNode({ call, context }: { call: CallRecord; context: TreeContext }) {
  const { scale } = context;
  const key = `${context.run.id} ${call.call_id}`;
  const [shown, setShown] = useState(stepsShown.get(key) ?? STEPS_SHOWN);
  const showMore = (count: number) => {
    stepsShown.set(key, count);
    setShown(count);
  };
  const steps = [...new Set([...call.requests.map((request) => request.step), ...call.tool_calls.map((tool) => tool.step ?? 0)])].sort((a, b) => a - b);
  const hidden = Math.max(0, steps.length - shown);
  const live = context.liveText.get(call.call_id);
  const tokens = `${call.input_tokens} in${call.cache_read_tokens ? ` (${call.cache_read_tokens} cached)` : ''} / ${call.output_tokens} out`;
  const about = [call.model ?? '', formatDuration(elapsed(call, scale.runStatus)), tokens, formatCost(call.cost_usd, finished(scale.runStatus))];
  return html`<div class="call" data-call-id=${call.call_id}>
    <div class="call-head">
      <span class="call-name">${call.label}</span><${StatusBadge} status=${call.status} />
      <span class="muted">${about.filter(Boolean).join(' · ')}</span>
    </div>
    ${call.error ? html`<div class="error-text">${call.error}</div>` : null}
    <${Expandable} id=${`input-${key}`} summary="input"><pre>${asText(call.input)}</pre><//>
    ${hidden > 0 ? html`<${FoldedSteps} call=${call} steps=${steps.slice(0, hidden)} onShow=${(more: number) => showMore(shown + more)} />` : null}
    ${steps.slice(hidden).map((step) => html`<${StepNode} key=${step} call=${call} step=${step} context=${context} />`)}
    ${live !== undefined ? html`<pre class="live-text" data-live-call=${call.call_id}>${live}</pre>` : null}
  </div>`;
}

/** The earlier steps of a long call, folded: how many, what they held, and buttons that show them. */
function FoldedSteps({ call, steps, onShow }: { call: CallRecord; steps: number[]; onShow: (more: number) => void }) {
  const first = steps[0]!;
  const last = steps.at(-1)!;
  const tools = call.tool_calls.filter((tool) => (tool.step ?? 0) <= last).length;
  const failed = call.tool_calls.filter((tool) => (tool.step ?? 0) <= last && tool.ok === false).length;
  return html`<div class="folded" data-folded-steps=${steps.length}>
    <span class="muted">
      ${`${steps.length} earlier step${steps.length === 1 ? '' : 's'} (${first}–${last}) folded: ${tools} tool call${tools === 1 ? '' : 's'}${failed > 0 ? `, ${failed} failed` : ''}`}
    </span>
    <button data-action="show-earlier" onClick=${() => onShow(STEPS_SHOWN)}>${`show ${Math.min(STEPS_SHOWN, steps.length)} earlier`}</button>
    ${steps.length > STEPS_SHOWN ? html`<button data-action="show-all" onClick=${() => onShow(steps.length)}>show all</button>` : null}
  </div>`;
}

function StepNode({ call, step, context }: { call: CallRecord; step: number; context: TreeContext }) {
  const request = call.requests.find((candidate) => candidate.step === step);
  return html`<div class="step" data-step=${step}>
    ${request ? html`<${RequestNode} runId=${context.run.id} call=${call} request=${request} />` : null}
    ${call.tool_calls
      .filter((tool) => (tool.step ?? 0) === step)
      .map((tool) => html`<${ToolNode} key=${tool.tool_call_id} call=${call} tool=${tool} context=${context} />`)}
  </div>`;
}

function RequestNode({ runId, call, request }: { runId: string; call: CallRecord; request: RequestRecord }) {
  const tokens =
    request.input_tokens === null
      ? ''
      : ` · ${request.input_tokens} in${request.cache_read_tokens ? ` (${request.cache_read_tokens} cached)` : ''} / ${request.output_tokens ?? 0} out`;
  const cost = request.cost_usd === null ? '' : ` · $${request.cost_usd.toFixed(4)}`;
  return html`<div>
    <div class="step-head">
      ${`step ${request.step} · ${request.model} · ${request.finish_reason ?? 'no response yet'} · ${formatDuration(request.duration_ms)}${tokens}${cost}`}
    </div>
    ${request.text ? html`<pre>${request.text}</pre>` : null}
    ${request.sources.length > 0 ? html`<ol class="sources">${request.sources.map((source) => html`<li><${SourceNode} source=${source} /></li>`)}</ol>` : null}
    <${PromptSent} runId=${runId} callId=${call.call_id} step=${request.step} />
  </div>`;
}

/**
 * A source the answer cites: a link for a web page, but only an `http:`/`https:` one (the URL came
 * from a model's provider: any other scheme, `javascript:` say, is shown as text), else its title.
 */
function SourceNode({ source }: { source: RequestRecord['sources'][number] }) {
  if (source.type !== 'url') return html`<span>${source.filename ? `${source.title} (${source.filename})` : source.title}</span>`;
  const label = source.title ?? source.url;
  if (!/^https?:\/\//i.test(source.url)) return html`<span>${`${label} <${source.url}>`}</span>`;
  return html`<a href=${source.url} target="_blank" rel="noopener noreferrer" title=${source.url}>${label}</a>`;
}

function toolOutcome(tool: ToolCallRecord, waiting: boolean): string {
  const child = tool.call?.status;
  if (waiting || (tool.ok === null && child === 'paused')) return 'waiting';
  if (tool.ok === null) return child === 'running' ? 'running' : 'no result';
  if (tool.denied) return 'denied';
  return tool.ok ? 'ok' : 'failed';
}

function approvalText(tool: ToolCallRecord, asking: boolean, waiting: boolean): string | undefined {
  if (asking) return 'waiting for an answer';
  if (tool.provider_executed) return 'provider-run';
  const { approval } = tool;
  if (!approval) return undefined;
  if (approval.approved === null) return waiting ? 'waiting for a decision' : 'approval asked, no answer';
  return `${approval.approved ? 'approved' : 'denied'} by ${approval.source ?? 'unknown'}${approval.reason ? `: ${approval.reason}` : ''}`;
}

function ToolNode({ call, tool, context }: { call: CallRecord; tool: ToolCallRecord; context: TreeContext }) {
  const { scale } = context;
  const asking = scale.asking.has(`${call.call_id} ${tool.tool_call_id}`);
  const waiting = asking || (tool.approval?.approved === null && scale.runStatus === 'paused');
  const outcome = toolOutcome(tool, waiting);
  const approval = approvalText(tool, asking, waiting);
  return html`<div class="tool" data-tool=${tool.tool}>
    <div class="tool-head">
      <span class="tool-name">${tool.tool}</span>
      <span class="mono muted">${oneLine(tool.args, 100)}</span>
      <span class=${`outcome ${outcome}`}>${outcome}</span>
      <span class="muted">${formatDuration(tool.duration_ms)}</span>
      ${approval ? html`<span class="muted">${approval}</span>` : null}
    </div>
    ${tool.error ? html`<div class="error-text">${tool.error}</div>` : null}
    <${Expandable} id=${`tool-${context.run.id} ${call.call_id} ${tool.tool_call_id}`} summary="arguments and result">
      <div>
        <div class="message-role">arguments</div>
        <pre>${asText(tool.args)}</pre>
        <div class="message-role">result</div>
        <pre>${asText(tool.result)}</pre>
      </div>
    <//>
    ${tool.call ? html`<${CallNode} call=${tool.call} context=${context} />` : null}
  </div>`;
}
