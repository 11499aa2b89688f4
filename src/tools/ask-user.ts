/**
 * `ask_user(question)`: the tool an interactive worker (`interactive: true`, docs/worker-format.md) is offered to
 * ask the person running it something while it runs. It belongs to no toolset a worker enables: the
 * flag implies it. Its result is the person's answer; the toolbox puts the question through the
 * run's approval gate (`createToolbox({ askUser: true })`), so it waits its turn with the approval
 * prompts, pauses the run in pause mode and is refused where nobody can answer.
 */
import type { JsonSchemaObject } from '../worker-file/json-schema.ts';

export const ASK_USER_TOOL = 'ask_user';

/** What the tool's calls are reported under, as a toolset names other tools' calls. */
export const ASK_USER_TOOLSET = 'interactive';

/** The longest question a model may ask: a question is read by a person, and shown whole. */
export const MAX_QUESTION_CHARS = 2000;

export const ASK_USER_DESCRIPTION =
  'Ask the person running you a question and wait for their answer (one line of text). Use it when you need a decision or a fact only they have; ask one clear question at a time.';

export const ASK_USER_INPUT: JsonSchemaObject = {
  type: 'object',
  properties: {
    question: { type: 'string', minLength: 1, maxLength: MAX_QUESTION_CHARS, description: 'The question, as the person should read it.' },
  },
  required: ['question'],
  additionalProperties: false,
};
