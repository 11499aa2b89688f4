/**
 * OpenAI Responses' message phases (docs/models.md, "Reasoning and commentary"): a gpt-5.x answer can
 * come as a `commentary` message (what the model says it is about to do) and a `final_answer`
 * message. The AI SDK keeps the phase in the text part's provider metadata; only the final answer
 * (or text without a phase) is the answer.
 */

/** Whether a text part's provider metadata marks it as commentary, under whatever provider key. */
export function isCommentary(providerMetadata: unknown): boolean {
  if (typeof providerMetadata !== 'object' || providerMetadata === null) return false;
  return Object.values(providerMetadata).some((metadata) => (metadata as { phase?: unknown } | null)?.phase === 'commentary');
}
