/**
 * How a run journal keeps a line (run-journal.ts; docs/runs.md, "How a run is written"): the JSON of
 * the line's operations, compressed on its own with a dictionary of what every journal repeats (the
 * events' envelope, the state's fields), written as `z` and base64. Each line stays one line,
 * complete or not, and is read without any other, so a reader still takes the complete lines from
 * any offset and a process killed mid-line loses only that line. A 300-turn chat's journal, which
 * the run leaves until a reader records it, was 68 times its conversation's text (bench/RESULTS.md,
 * session 14). A plain JSON line, as journals of format 1 hold, reads as it is.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** What starts a compressed line: never the first character of a JSON array or object. */
const COMPRESSED = 'z';

/**
 * What journals repeat, as deflate's preset dictionary: the fragments most lines hold come last
 * (nearest the data, cheapest to refer to). Changing it changes the format: JOURNAL_FORMAT goes up
 * and the old dictionary stays readable.
 */
const DICTIONARY = Buffer.from(
  [
    '"cache_read_tokens":0,"cache_write_tokens":0,"cost_usd":null,"unpriced_models":["',
    '{"role":"system","content":"',
    '"settings":{"toolChoice":{"type":"auto"},"providerOptions":{"llm-do":{"worker":"',
    '"tools":[{"type":"function","name":"',
    '"description":"',
    '"inputSchema":{"type":"object","properties":{',
    '"required":[',
    '"additionalProperties":false',
    '{"type":"string"}',
    '{"type":"number"}',
    '["event",{"v":1,"type":"approval_request","seq":',
    '["event",{"v":1,"type":"approval_decision","seq":',
    '"approved":true,"source":"rule","tool_call_id":"',
    '["event",{"v":1,"type":"context_compaction","seq":',
    '["event",{"v":1,"type":"run_end","seq":',
    '"status":"ok","finish_reason":"stop","output":"',
    '"status":"error","error":{"code":"',
    '["begin",{"run_id":"',
    '"entry":"main","input":"',
    '"options":{"stream":true},"started_at":"20',
    '"kind":"chat","conversation_id":"',
    '"kind":"run"',
    '["exit","',
    '"state_version":2,"run_id":"',
    '"denied_calls":0,"session":{"calls":[],"tools":[]},"options":{"model":null,"stream":true,"max_depth":5,"mounts":[],"set":[]},',
    '"root":{"call_id":"c1","parent_call_id":null,"parent_tool_call_id":null,"worker":"main","worker_sha256":"',
    '"chain":["main"],"system":"',
    '"restrictions":[{}],"messages_from":',
    '"messages_base":{"run_id":"',
    '"history_length":',
    '"max_steps":25,"step_limit":25,"repaired":false,"phase":"model","tool_calls":[]',
    '"phase":"tools","tool_calls":[{"id":"',
    '"status":"done","result":',
    '"call_count":1,"usage":{"input_tokens":',
    '"by_worker":{"main":{"input_tokens":',
    '["delta",{',
    '"project":{"name":"',
    '","root":"/',
    '["event",{"v":1,"type":"run_start","seq":',
    '["event",{"v":1,"type":"usage","seq":',
    '"input_tokens":',
    ',"output_tokens":',
    '["event",{"v":1,"type":"model_step","seq":',
    '"finish_reason":"tool_calls","text":"","tool_calls":1,',
    '"finish_reason":"stop","text":"',
    '"duration_ms":',
    '["event",{"v":1,"type":"tool_call","seq":',
    '"args":{',
    '["event",{"v":1,"type":"tool_result","seq":',
    '"ok":true,"result":',
    '["event",{"v":1,"type":"model_request","seq":',
    '"system_sha256":"',
    '"message_count":',
    '"tools":[',
    '["event",{"v":1,"type":"model_prompt","seq":',
    '"prompt_from":',
    '"prompt_base":{"run_id":"',
    '"messages":[',
    '{"role":"assistant","content":[{"type":"tool-call","toolCallId":"call_',
    '"toolName":"',
    '"input":{',
    '{"role":"tool","content":[{"type":"tool-result","toolCallId":"call_',
    '"output":{"type":"json","value":{',
    '{"role":"assistant","content":[{"type":"text","text":"',
    '{"role":"user","content":[{"type":"text","text":"',
    '"settings":{"providerOptions":{"llm-do":{"worker":"main"}}}',
    '"step":',
    '"model":"openai-compatible:',
    '"model":"anthropic:claude-',
    '"model":"openai:gpt-',
    '"worker":"main","chain":["main"],',
    '"call_id":"c1","parent_call_id":null,',
    '"ts":"20',
    '","run_id":"',
  ].join(''),
);

/** The line that keeps `json` (without its newline). */
export function encodeJournalLine(json: string): string {
  return COMPRESSED + deflateRawSync(json, { dictionary: DICTIONARY }).toString('base64');
}

/** The JSON a journal line keeps; throws when a compressed line does not decompress. */
export function decodeJournalLine(line: string): string {
  if (!line.startsWith(COMPRESSED)) return line;
  return inflateRawSync(Buffer.from(line.slice(COMPRESSED.length), 'base64'), { dictionary: DICTIONARY }).toString('utf8');
}
