/**
 * What a model step's stop reason means for its call (docs/models.md, "Stop reasons"): an answer the
 * model refused or the provider filtered ends the call with a `refusal` error; one cut at the output
 * token limit with a `truncated` error unless the worker or the run accepts cut answers; a cut step
 * with tool calls always, since the last call's arguments may be cut too and none of them runs.
 */
import { RunError } from '../errors.ts';
import { describeFinish } from '../models/finish-reason.ts';
import type { ModelStepResult } from './model-step.ts';
import type { PreparedWorker, RunContext } from './run-context.ts';

/** The error `step` ends its call with, or undefined when its call goes on (or ends with the answer). */
export function stoppedAnswerError(ctx: RunContext, worker: PreparedWorker, step: ModelStepResult): RunError | undefined {
  const id = worker.definition.id;
  const { finish } = step;
  const answer = step.text === '' ? {} : { answer: step.text };
  if (finish.reason === 'refusal' || finish.reason === 'content_filter') {
    return new RunError('refusal', id, `worker ${id} got no answer: ${describeFinish(finish)}`, answer);
  }
  if (finish.reason !== 'length') return undefined;
  const calls = toolCallsWritten(step);
  if (calls > 0) {
    return new RunError(
      'truncated',
      id,
      `worker ${id} was cut at the output token limit while writing ${calls} tool call(s) (${describeFinish(finish)}); none of them ran. Raise model_settings.max_tokens`,
      answer,
    );
  }
  if (ctx.config.acceptTruncated || worker.definition.config.accept_truncated === true) return undefined;
  return new RunError(
    'truncated',
    id,
    `worker ${id}: ${describeFinish(finish)}; the partial answer is the output. Raise model_settings.max_tokens, or accept cut answers with accept_truncated: true (--accept-truncated)`,
    answer,
  );
}

/** Calls of local tools the step's assistant message holds, whether or not their arguments parsed. */
function toolCallsWritten(step: ModelStepResult): number {
  return step.responseMessages.reduce((count, message) => {
    if (message.role !== 'assistant' || typeof message.content === 'string') return count;
    return count + message.content.filter((part) => part.type === 'tool-call' && !part.providerExecuted).length;
  }, 0);
}
