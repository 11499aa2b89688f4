/**
 * The page of `llm-do ui` (docs/ui.md): the runs list beside one run (its call tree, approvals,
 * questions, resume), the start form or the evals, chosen by the address's `#/runs/ID`, `#/new`,
 * `#/evals` or `#/evals/ID`. Built from
 * the small modules beside this one with Preact and htm, which the page loads as ES modules shipped
 * with llm-do (no build step, no network); tsc compiles each module to `dist/ui/client/`.
 *
 * Everything a run recorded came from models, tools or users and may be hostile: Preact and htm put
 * it into the page as text and attribute values only, never as HTML, and the server's CSP allows no
 * script but the page's own files and its import map.
 */
import { html } from 'htm/preact';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { RunsView } from '../api.ts';
import type { LaunchProject } from '../launcher.ts';
import { EvalPage, EvalsList } from './evals-page.ts';
import { RunPage } from './run-page.ts';
import { RunsPane } from './runs-list.ts';
import { get, openStream, type StreamStatus } from './server-api.ts';
import { StartForm } from './start-form.ts';

type Route = { run: string } | { new: true } | { evals: true } | { eval: string } | { home: true };

function currentRoute(): Route {
  const match = /^#\/(runs|evals)\/([^/]+)$/.exec(location.hash);
  if (match) return match[1] === 'runs' ? { run: decodeURIComponent(match[2]!) } : { eval: decodeURIComponent(match[2]!) };
  if (location.hash === '#/evals') return { evals: true };
  return location.hash === '#/new' ? { new: true } : { home: true };
}

function App() {
  const [route, setRoute] = useState(currentRoute);
  const [runs, setRuns] = useState<RunsView | { problem: string }>({ runs: [], undecided: {}, unanswered: {} });
  const [project, setProject] = useState<LaunchProject | { unavailable: string } | undefined>(undefined);
  const [live, setLive] = useState(false);
  const [lostAccess, setLostAccess] = useState(false);
  const status: StreamStatus = { onLive: setLive, onLostAccess: () => setLostAccess(true) };

  useEffect(() => {
    const follow = () => setRoute(currentRoute());
    window.addEventListener('hashchange', follow);
    const close = openStream(
      '/api/live/runs',
      { runs: (view: RunsView) => setRuns(view), problem: ({ error }: { error: string }) => setRuns({ problem: error }) },
      status,
    );
    get<{ project: LaunchProject | { unavailable: string } }>('/api/project').then(
      (answer) => setProject(answer.project),
      (error: Error) => setProject({ unavailable: error.message }),
    );
    return () => {
      window.removeEventListener('hashchange', follow);
      close();
    };
  }, []);

  const selected = 'run' in route ? route.run : undefined;
  let detail: unknown;
  if (lostAccess) {
    detail = html`<div class="panel">
      <h2>This page has lost its access</h2>
      <p>llm-do ui was restarted with a new token. Open the address it printed (…/?token=…).</p>
    </div>`;
  } else if ('run' in route) detail = html`<${RunPage} key=${route.run} id=${route.run} status=${status} />`;
  else if ('new' in route) detail = html`<${StartForm} project=${project} />`;
  else if ('evals' in route) detail = html`<${EvalsList} />`;
  else if ('eval' in route) detail = html`<${EvalPage} key=${route.eval} id=${route.eval} />`;
  else detail = html`<p class="muted">Choose a run, or start one.</p>`;

  return html`<header class="top">
      <a class="brand" href="#/">llm-do</a>
      <span id="project" class="muted">${project && !('unavailable' in project) ? `project ${project.name}` : ''}</span>
      <a id="evals-link" href="#/evals">Evals</a>
      <a id="new-run" class="button" href="#/new">Start a run</a>
      <span id="connection" class=${live ? 'connection live' : 'connection'} title=${lostAccess ? 'not connected' : 'live updates'}>●</span>
    </header>
    <main class="layout">
      ${
        'problem' in runs
          ? html`<nav class="runs" aria-label="runs"><ol id="runs"><li class="empty error-text">${runs.problem}</li></ol></nav>`
          : html`<${RunsPane} view=${runs} selected=${selected} />`
      }
      <section id="detail" class="detail" aria-live="polite">${detail}</section>
    </main>`;
}

render(html`<${App} />`, document.getElementById('app')!);
