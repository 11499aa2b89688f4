/**
 * Asks the person at the terminal to approve a tool call (SPEC §8, §15): shows the worker chain, the
 * tool, its description and the exact arguments (edits as a diff, written files numbered, everything
 * escaped), and reads one of a/s/t/d/q, plus p ("always, in this project") where grants can be kept.
 * When a very long value had to be cut, the prompt says so and
 * `v` prints every argument whole before asking again. An empty line (accidental Enter) or anything
 * else asks again rather than choosing; `d` then asks for an optional reason, which reaches the model.
 */
import { createInterface } from 'node:readline/promises';
import { renderArguments } from "./diff-view.js";
import { shorten } from "./progress.js";
import { createStyle } from "./style.js";
import { escapeTerminalText } from "./terminal-text.js";
const SESSION_CHOICES = [
    ['a', 'approve once'],
    ['s', 'this call for the session'],
    ['t', 'this tool for the session'],
];
const PROJECT_GRANT = ['p', 'always, in this project'];
const DENY = ['d', 'deny'];
const QUIT = ['q', 'quit'];
const VIEW_ALL = ['v', 'view the full arguments'];
/** The answers a prompt offers: `p` only where grants can be kept, `q` worded as what it ends. */
function choicesOf(options) {
    const quit = options.quitLabel ? ['q', options.quitLabel] : QUIT;
    return [...SESSION_CHOICES, ...(options.projectGrants ? [PROJECT_GRANT] : []), DENY, quit];
}
/** The chain as the prompt shows it: `main › reviewer#2` when that call is one of several. */
function chainOf(request, callLabel) {
    const worker = request.chain.at(-1);
    if (!callLabel || request.callId === undefined || worker === undefined)
        return request.chain.join(' › ');
    return [...request.chain.slice(0, -1), callLabel(request.callId, worker)].join(' › ');
}
/** Renders the approval request as the lines shown above the question; `full` cuts no argument. */
export function describeRequest(request, style = createStyle(false), width = 100, full = false, callLabel, offered = choicesOf({})) {
    const description = shorten(request.description.split('\n')[0] ?? '', false, width);
    const chain = escapeTerminalText(chainOf(request, callLabel));
    const args = renderArguments(request.toolName, request.args, { style, full });
    const choices = args.cut ? [...offered, VIEW_ALL] : offered;
    const lines = [
        '',
        `${style.yellow('approval needed')} · ${style.bold(chain)} wants to run ${style.bold(escapeTerminalText(request.toolName))}`,
        ...(description ? [`  ${style.dim(description)}`] : []),
        // A resumed run asks again about a call that started before its process died.
        ...(request.note ? [`  ${style.yellow(`note: ${escapeTerminalText(request.note)}`)}`] : []),
        ...args.lines,
        choices.map(([key, label]) => `[${style.bold(key)}] ${label}`).join('  '),
    ];
    return { text: lines.join('\n'), cut: args.cut };
}
/** Reads lines from `input` with a private readline interface, closed after each prompt. */
function ownQuestion(input, output) {
    return async (query, signal) => {
        const rl = createInterface({ input, output, terminal: false });
        try {
            return await rl.question(query, signal ? { signal } : {});
        }
        finally {
            rl.close();
        }
    };
}
/** A prompter reading answers from `input` and writing the request to `output`. */
export function createTerminalPrompter(input, output, options = {}) {
    const ask = options.question ?? ownQuestion(input, output);
    const style = options.style ?? createStyle(false);
    const offered = choicesOf(options);
    return {
        async ask(request, signal) {
            options.display?.pause();
            try {
                const columns = output.columns ?? 100;
                const width = Math.max(40, columns - 4);
                const callLabel = options.display?.callLabel;
                const view = describeRequest(request, style, width, false, callLabel, offered);
                output.write(`${view.text}\n`);
                const keys = [...offered, ...(view.cut ? [VIEW_ALL] : [])].map(([key]) => key).join(', ');
                while (true) {
                    const typed = (await ask('choice> ', signal)).trim().toLowerCase();
                    const parsed = typed === 'p' && !options.projectGrants ? undefined : parseAnswer(typed);
                    if (parsed === 'deny') {
                        const reason = (await ask('reason (optional, Enter to skip)> ', signal)).trim();
                        return reason ? { action: 'deny', reason } : { action: 'deny' };
                    }
                    if (parsed === 'view')
                        output.write(`${describeRequest(request, style, width, true, callLabel, offered).text}\n`);
                    else if (parsed)
                        return parsed;
                    else
                        output.write(`please type one of ${keys} and press Enter\n`);
                }
            }
            finally {
                options.display?.resume();
            }
        },
    };
}
function parseAnswer(answer) {
    switch (answer) {
        case 'a':
            return { action: 'approve_once' };
        case 's':
            return { action: 'approve_call' };
        case 't':
            return { action: 'approve_tool' };
        case 'p':
            return { action: 'approve_project' };
        case 'd':
            return 'deny';
        case 'q':
            return { action: 'abort' };
        case 'v':
            return 'view';
        default:
            return undefined;
    }
}
