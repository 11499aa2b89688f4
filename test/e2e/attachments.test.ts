/**
 * Attachments through the built CLI (docs/worker-format.md): a PDF handed from one worker to another reaches the
 * callee's request as a file part; the callee's attachment policy refuses other suffixes; files
 * given with `--attach` are checked against the entry's policy before any request.
 */
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler } from '../../src/testkit/index.ts';
import { runCli } from './helpers/run-cli.ts';
import { byWorker, CHAT, closeServers, FIXTURE, PROTOCOLS, requestsOf, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

/** librarian attaches the virtual path it was given (its input) to a call of reader. */
const handOver: ScriptedHandler = byWorker({
  librarian: (request) =>
    request.toolResults.length === 0
      ? { toolCalls: [{ name: 'reader', args: { input: 'summarise this', attachments: [request.lastUserText] } }] }
      : { text: `librarian: ${request.toolResults[0]!.content}` },
  reader: (request) => ({ text: `reader saw ${request.messages.at(-1)!.files} file(s)` }),
});

describe.concurrent('attachments', () => {
  for (const protocol of PROTOCOLS) {
    test(`${protocol.name}: a PDF from the caller's sandbox reaches the callee as a file part`, async () => {
      const { server, env } = await scripted(handOver);
      const result = await runCli([FIXTURE, '/input/report.pdf', '--entry', 'librarian', '--model', protocol.model, '--no-stream'], { env });

      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe('librarian: reader saw 1 file(s)\n');
      const [reader] = requestsOf(server, 'reader');
      expect(reader!.lastUserText).toBe('summarise this');
      const parts = reader!.body.messages.at(-1).content as any[];
      if (protocol === CHAT) {
        const file = parts.find((part) => part.type === 'file');
        expect(file.file.filename).toBe('report.pdf');
        expect(Buffer.from(file.file.file_data.replace('data:application/pdf;base64,', ''), 'base64').toString('latin1')).toMatch(/^%PDF-1\.4/);
      } else {
        const document = parts.find((part) => part.type === 'document');
        expect(document.source.media_type).toBe('application/pdf');
        expect(Buffer.from(document.source.data, 'base64').toString('latin1')).toMatch(/^%PDF-1\.4/);
      }
    });

    test(`${protocol.name}: a suffix outside the callee's allowed_suffixes is refused with an error result`, async () => {
      const { server, env } = await scripted(handOver);
      const result = await runCli([FIXTURE, '/input/notes.txt', '--entry', 'librarian', '--model', protocol.model, '--no-stream'], { env });

      expect(result.code, result.stderr).toBe(0);
      expect(requestsOf(server, 'reader')).toHaveLength(0);
      const [, second] = requestsOf(server, 'librarian');
      expect(second!.toolResults[0]!.content).toContain('attachment /input/notes.txt has suffix ".txt", not allowed by worker reader (allowed: .pdf)');
      expect(result.stderr).toContain('✗ reader');
    });
  }

  test("a file outside the caller's sandbox is refused without reading it", async () => {
    const { server, env } = await scripted(handOver);
    const result = await runCli([FIXTURE, '/etc/passwd.pdf', '--entry', 'librarian', '--model', CHAT.model, '--no-stream'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(requestsOf(server, 'reader')).toHaveLength(0);
    expect(requestsOf(server, 'librarian')[1]!.toolResults[0]!.content).toMatch(/\/etc\/passwd\.pdf/);
  });

  test('--attach hands a PDF to the entry worker', async () => {
    const { server, env } = await scripted(handOver);
    const pdf = path.join(FIXTURE, 'input/report.pdf');
    const result = await runCli([FIXTURE, 'read it', '--entry', 'reader', '--attach', pdf, '--model', CHAT.model], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('reader saw 1 file(s)\n');
    expect(server.requests[0]!.body.messages.at(-1).content.find((part: any) => part.type === 'file').file.filename).toBe('report.pdf');
  });

  test('--attach with a suffix the entry does not allow is a usage error before any request', async () => {
    const { server, env } = await scripted(handOver);
    const notes = path.join(FIXTURE, 'input/notes.txt');
    const result = await runCli([FIXTURE, 'read it', '--entry', 'reader', '--attach', notes, '--model', CHAT.model], { env });

    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('notes.txt has suffix ".txt", not allowed by worker reader (allowed: .pdf)');
    expect(result.stdout).toBe('');
    expect(server.requests).toHaveLength(0);
  });
});
