/**
 * The reports of an eval (docs/evals.md): the terminal table and the self-contained HTML page (inline
 * styles, no scripts, nothing fetched), both from {@link summarizeEval}. Unknown costs read "unknown".
 */
import type { CaseChange, EvalSummary, ModelSummary } from './summary.ts';

const HEADERS = ['model', 'pass rate', 'score', 'cost', 'tokens', 'p50', 'p95'];

function modelCells(model: ModelSummary): string[] {
  return [
    model.label,
    `${model.passed}/${model.cases} ${Math.round(model.pass_rate * 100)}%${model.pass_spread > 0 ? ` ±${Math.round(model.pass_spread * 100)}%` : ''}`,
    model.mean_score === null ? '-' : model.mean_score.toFixed(2),
    costText(model.cost_usd),
    String(model.tokens),
    model.latency_ms.p50 === null ? '-' : `${model.latency_ms.p50} ms`,
    model.latency_ms.p95 === null ? '-' : `${model.latency_ms.p95} ms`,
  ];
}

export function costText(cost: number | null): string {
  return cost === null ? 'unknown' : `$${cost.toFixed(4)}`;
}

/** The table of models, then each failing case with its reasons, then the changes against `--compare`. */
export function formatEvalTable(summary: EvalSummary, changes?: readonly CaseChange[]): string {
  const rows = [HEADERS, ...summary.models.map(modelCells)];
  const widths = HEADERS.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((width) => '─'.repeat(width)).join('  '));
  const failing = summary.cases.filter((row) => row.passed < row.samples);
  if (failing.length > 0) {
    lines.push('', 'failures by case:');
    for (const row of failing) {
      lines.push(`  ${row.label} · ${row.case}: ${row.samples - row.passed}/${row.samples} failed`);
      for (const failure of row.failures) lines.push(`    ${failure.split('\n').join('\n    ')}`);
    }
  }
  if (changes !== undefined) {
    lines.push('', changes.length === 0 ? 'no change against the earlier eval' : 'against the earlier eval:');
    for (const change of changes)
      lines.push(
        `  ${change.change === 'regression' ? 'REGRESSION ' : 'improvement'} ${change.label} · ${change.case}: ${pct(change.before)} → ${pct(change.after)}`,
      );
  }
  return lines.join('\n');
}

function pct(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** A whole HTML page, readable offline: the same table, the cases with their run ids, the changes. */
export function formatEvalHtml(summary: EvalSummary, changes?: readonly CaseChange[]): string {
  const table = (headers: string[], rows: string[][]) =>
    `<table><thead><tr>${headers.map((header) => `<th>${escape(header)}</th>`).join('')}</tr></thead><tbody>${rows
      .map((row) => `<tr>${row.map((cell) => `<td>${escape(cell)}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`;
  const caseRows = summary.cases.map((row) => [
    row.label,
    row.case,
    `${row.passed}/${row.samples}`,
    row.mean_score === null ? '-' : row.mean_score.toFixed(2),
    row.failures.join('\n'),
    row.run_ids.join(' '),
  ]);
  const changeRows = (changes ?? []).map((change) => [change.change, change.label, change.case, pct(change.before), pct(change.after)]);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>llm-do eval ${escape(summary.id)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top;white-space:pre-wrap}th{background:#f4f4f4}</style>
</head><body>
<h1>llm-do eval ${escape(summary.id)}</h1>
<h2>Models</h2>
${table(HEADERS, summary.models.map(modelCells))}
<h2>Cases</h2>
${table(['model', 'case', 'passed', 'score', 'failures', 'runs (llm-do runs show ID)'], caseRows)}
${changes === undefined ? '' : `<h2>Against the earlier eval</h2>\n${changeRows.length === 0 ? '<p>No change.</p>' : table(['change', 'model', 'case', 'before', 'after'], changeRows)}`}
</body></html>
`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
