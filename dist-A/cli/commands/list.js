/** `llm-do list [DIR] [--json]`: the project's workers with id, file, description and model. */
import { diagnosticsFromError, formatDiagnostic } from "../../project/diagnostics.js";
import { EXIT_OK } from "../exit-codes.js";
import { printError, printLine } from "../io.js";
import { terminalSafeJson } from "../terminal-text.js";
import { loadCommandProject, reportProblems } from "./check.js";
const MAX_DESCRIPTION = 60;
async function describe(project, entry, io) {
    try {
        const worker = await project.loadWorker(`./${entry.file.slice(project.root.length + 1)}`);
        return { id: entry.id, file: entry.displayPath, description: worker.config.description ?? null, model: worker.config.model ?? null };
    }
    catch (error) {
        for (const diagnostic of diagnosticsFromError(error, entry.displayPath))
            printError(io, `llm-do: ${formatDiagnostic(diagnostic)}`);
        return { id: entry.id, file: entry.displayPath, description: null, model: null };
    }
}
function table(rows) {
    const cells = rows.map((row) => {
        const description = (row.description ?? '').replace(/\s+/g, ' ').trim();
        const short = description.length > MAX_DESCRIPTION ? `${description.slice(0, MAX_DESCRIPTION - 1)}…` : description;
        return [row.id, row.file, short || '-', row.model ?? '-'];
    });
    const all = [['ID', 'FILE', 'DESCRIPTION', 'MODEL'], ...cells];
    const widths = [0, 1, 2].map((column) => Math.max(...all.map((line) => line[column].length)));
    return all.map((line) => line.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell)).join('  ').trimEnd());
}
/** Runs `list`. Workers that fail to load are still listed (their problems go to stderr). */
export async function runList(options, io) {
    try {
        const project = await loadCommandProject(options, io);
        const entries = await project.scanWorkers();
        const rows = await Promise.all(entries.map((entry) => describe(project, entry, io)));
        if (options.json)
            printLine(io, terminalSafeJson(rows, 2));
        else if (rows.length === 0)
            printError(io, `no workers found in ${project.root}`);
        else
            for (const line of table(rows))
                printLine(io, line);
        return EXIT_OK;
    }
    catch (error) {
        return reportProblems(error, io, options.json);
    }
}
