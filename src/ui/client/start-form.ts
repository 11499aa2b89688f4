/**
 * The start form: a worker of the project and its input, run in the `llm-do ui` process with
 * `--on-approval pause` (docs/ui.md). A worker with a `schema_in` the page can read gets one field
 * per property; any other takes text (or, with a schema it cannot draw, a JSON object as text).
 */
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import type { LaunchableWorker, LaunchProject } from '../launcher.ts';
import { type FieldValues, formFields, initialValues, readForm, SchemaFields } from './schema-form.ts';
import { post } from './server-api.ts';

export function StartForm({ project }: { project: LaunchProject | { unavailable: string } | undefined }) {
  if (!project) return html`<p class="muted">loading…</p>`;
  if ('unavailable' in project) return html`<div class="panel"><h2>Runs cannot be started here</h2><p>${project.unavailable}</p></div>`;
  return html`<${Form} project=${project} />`;
}

function Form({ project }: { project: LaunchProject }) {
  const { workers } = project;
  const [chosenId, setChosenId] = useState(workers[0]?.id ?? '');
  const chosen = workers.find((item) => item.id === chosenId);
  const fields = chosen ? formFields(chosen.schema) : undefined;
  const [values, setValues] = useState<FieldValues>(fields ? initialValues(fields) : {});
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const choose = (id: string) => {
    setChosenId(id);
    const next = formFields(workers.find((item) => item.id === id)?.schema);
    setValues(next ? initialValues(next) : {});
    setMessage('');
  };
  const start = async () => {
    if (!chosen) return;
    let input = text;
    if (fields) {
      const read = readForm(fields, values);
      if ('problems' in read) return void setMessage(`the start form: ${read.problems.join('; ')}`);
      input = JSON.stringify(read.input);
    }
    setBusy(true);
    setMessage('');
    try {
      const { run_id } = await post<{ run_id: string }>('/api/runs', { worker: chosen.id, input });
      location.hash = `#/runs/${run_id}`;
    } catch (error) {
      setMessage((error as Error).message);
      setBusy(false);
    }
  };
  return html`<div class="panel">
    <h2>${`Start a run in ${project.name}`}</h2>
    <p class="muted">${`Tool calls that ask for approval pause the run; decide them here, then resume.${project.model ? ` Model: ${project.model}.` : ''}`}</p>
    <div class="form-row">
      <label for="start-worker">Worker</label>
      <select id="start-worker" aria-label="worker" value=${chosenId} onChange=${(event: Event) => choose((event.currentTarget as HTMLSelectElement).value)}>
        ${workers.map((item) => html`<option value=${item.id}>${item.id}</option>`)}
      </select>
      <p class="muted">${chosen ? about(chosen, fields !== undefined) : ''}</p>
    </div>
    ${
      fields
        ? html`<${SchemaFields} fields=${fields} values=${values} onChange=${(name: string, value: string | boolean) => setValues((before) => ({ ...before, [name]: value }))} />`
        : html`<div class="form-row">
            <label for="start-input">Input</label>
            <textarea
              id="start-input"
              aria-label="input"
              placeholder=${chosen?.structured ? '{"topic": "tides"}' : 'what the worker should do'}
              value=${text}
              onInput=${(event: Event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
            ></textarea>
          </div>`
    }
    <button class="primary" data-action="start" disabled=${busy} onClick=${start}>Start</button>
    <div class="error-text" role="alert">${message}</div>
  </div>`;
}

function about(worker: LaunchableWorker, drawn: boolean): string {
  if (!worker.structured) return worker.description;
  const input = drawn ? 'input: the fields of its schema_in (* required)' : 'input: a JSON object (schema_in)';
  return [worker.description, input].filter(Boolean).join(' · ');
}
