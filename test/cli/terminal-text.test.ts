/** Escaping for the terminal: what is escaped and how, JSON that cannot drive a terminal, and where each stream stands. */
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { approvalTerminal } from '../../src/cli/controlling-terminal.ts';
import type { CliIO } from '../../src/cli/io.ts';
import { printError, printLine, writeOutput } from '../../src/cli/io.ts';
import { createStatusLine } from '../../src/cli/status-line.ts';
import { createStyle } from '../../src/cli/style.ts';
import { escapeTerminalText, terminalSafeJson } from '../../src/cli/terminal-text.ts';

describe('escapeTerminalText', () => {
  test('C0 (but newline and tab), DEL, C1, bidi controls and separators become visible escapes', () => {
    expect(escapeTerminalText('a\x1b[2Jb\x1b[1A\rc\x07\x00\b\f\v\x7f\x85\x9b')).toBe('a\\x1b[2Jb\\x1b[1A\\rc\\x07\\0\\b\\f\\v\\x7f\\x85\\x9b');
    expect(escapeTerminalText('\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u2028\u2029')).toBe(
      '\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069\\u200e\\u200f\\u061c\\u2028\\u2029',
    );
  });

  test('newlines, tabs, printable Unicode and text already escaped stay as they are', () => {
    const text = 'line one\n\tindented ✓ — ünïcødé 日本 🙂 \\x1b';
    expect(escapeTerminalText(text)).toBe(text);
    expect(escapeTerminalText(escapeTerminalText('\x1b\u202e'))).toBe('\\x1b\\u202e');
  });
});

describe('terminalSafeJson', () => {
  test('parses to the same value, with no terminal control left in the text', () => {
    const value = { text: 'a\x1b[2J\u202e\x85\u2028\n\tz', list: ['\x9b'] };
    const json = terminalSafeJson(value, 2);
    expect(JSON.parse(json)).toEqual(value);
    expect(json).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    expect(json).toContain('\\u202e');
  });
});

/** An IO whose stdout/stderr are terminals or not. */
function streams(stdoutIsTTY: boolean) {
  const stdout = Object.assign(new PassThrough(), { isTTY: stdoutIsTTY });
  const stderr = Object.assign(new PassThrough(), { isTTY: false });
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const io: CliIO = { stdout, stderr, stdin: new PassThrough(), env: {}, cwd: '/', homeDir: '/' };
  return { io, out: () => out, err: () => err };
}

describe('CLI output streams', () => {
  test('stdout is escaped on a terminal and byte-exact in a pipe; stderr is always escaped', () => {
    const tty = streams(true);
    writeOutput(tty.io, 'answer\x1b[2J\n');
    printLine(tty.io, 'row\u202e');
    printError(tty.io, 'llm-do: bad \x1b[1A');
    expect(tty.out()).toBe('answer\\x1b[2J\nrow\\u202e\n');
    expect(tty.err()).toBe('llm-do: bad \\x1b[1A\n');
    const pipe = streams(false);
    writeOutput(pipe.io, 'answer\x1b[2J\n');
    printError(pipe.io, 'bad \x1b[1A');
    expect(pipe.out()).toBe('answer\x1b[2J\n');
    expect(pipe.err()).toBe('bad \\x1b[1A\n');
  });

  test('the status line shows model text escaped and on one line', () => {
    const stream = new PassThrough();
    let written = '';
    stream.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const status = createStatusLine({ stream, style: createStyle(false), now: () => 0 });
    status.update('main: hi\x1b[1A\u202e\nthere');
    status.stop();
    expect(written).toContain('main: hi\\x1b[1A\\u202e there');
    expect(written.replaceAll('\r\x1b[2K', '')).not.toMatch(/[\x1b\u202e\n]/);
  });
});

describe('approvalTerminal', () => {
  const terminal = { input: new PassThrough(), output: new PassThrough(), close: () => undefined };
  const io = (stdinIsTTY: boolean, stderrIsTTY: boolean, opened = true): CliIO => ({
    stdout: new PassThrough(),
    stderr: Object.assign(new PassThrough(), { isTTY: stderrIsTTY }),
    stdin: Object.assign(new PassThrough(), { isTTY: stdinIsTTY }),
    env: {},
    cwd: '/',
    homeDir: '/',
    openTerminal: () => (opened ? terminal : undefined),
  });

  test('stdin when it is a terminal not carrying the input', () => {
    const given = io(true, true);
    expect(approvalTerminal(given, false)?.input).toBe(given.stdin);
  });

  test('the controlling terminal when stdin is piped or carried the input and a person watches stderr', () => {
    expect(approvalTerminal(io(false, true), true)).toBe(terminal);
    expect(approvalTerminal(io(true, true), true)).toBe(terminal);
  });

  test('nowhere without a terminal (stderr redirected, or /dev/tty cannot be opened)', () => {
    expect(approvalTerminal(io(false, false), true)).toBeUndefined();
    expect(approvalTerminal(io(false, true, false), true)).toBeUndefined();
  });
});
