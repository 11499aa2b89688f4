/** The cassette files of `--record FILE` and `--replay FILE` (JSON), read and written whole, and the models that use them. */
import { renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ProjectError } from '../errors.ts';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { readRegularFileText } from './regular-file.ts';
import { recordingMiddleware, replayingModel, type Cassette, type CassetteInteraction } from './cassette.ts';

/** Reads a cassette; errors name the file and say what it should be. */
export function loadCassette(file: string): Cassette {
  let text: string;
  try {
    text = readRegularFileText(resolve(file));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ProjectError(
      'file-not-found',
      `--replay ${file}: ${missing ? 'no such file' : (error as Error).message}; record one first with --record ${file}`,
      { field: 'replay' },
    );
  }
  let value: Partial<Cassette> | null;
  try {
    value = JSON.parse(text) as Partial<Cassette> | null;
  } catch (error) {
    throw new ProjectError('invalid-field', `--replay ${file}: not JSON (${(error as Error).message}); a cassette is the file --record writes`, {
      field: 'replay',
    });
  }
  if (value?.version !== 1 || !Array.isArray(value.interactions)) {
    throw new ProjectError(
      'invalid-field',
      `--replay ${file}: not a cassette of this llm-do (it needs version 1 and interactions); record it again with --record ${file}`,
      { field: 'replay' },
    );
  }
  return value as Cassette;
}

/**
 * A new cassette at `file`: each interaction is added as it completes and the file is rewritten
 * (through a temporary file, then renamed), so a run that stops keeps what it recorded so far.
 */
export function createCassetteRecorder(file: string): (interaction: CassetteInteraction) => void {
  const path = resolve(file);
  const cassette: Cassette = { version: 1, interactions: [] };
  const save = () => {
    writeFileSync(`${path}.tmp`, `${JSON.stringify(cassette, null, 2)}\n`);
    renameSync(`${path}.tmp`, path);
  };
  try {
    save();
  } catch (error) {
    throw new ProjectError('invalid-field', `--record ${file}: cannot write it (${(error as Error).message})`, { field: 'record' });
  }
  return (interaction) => {
    cassette.interactions.push(interaction);
    save();
  };
}

/**
 * `model`, recording every answer to the cassette `file` (library form of `--record`).
 * @example const model = recordModel(anthropic('claude-haiku-4-5'), { file: 'tests/greet.cassette.json' });
 */
export function recordModel(model: LanguageModelV4, options: { file: string; modelId?: string }): LanguageModelV4 {
  const id = options.modelId ?? `${model.provider}:${model.modelId}`;
  return wrapLanguageModel({ model, middleware: recordingMiddleware(id, createCassetteRecorder(options.file)) }) as LanguageModelV4;
}

/**
 * A model answering from the cassette `file` (library form of `--replay`), as the model `modelId`
 * (default: the model of its first recording).
 */
export function replayModel(options: { file: string; modelId?: string }): LanguageModelV4 {
  const cassette = loadCassette(options.file);
  const modelId = options.modelId ?? cassette.interactions[0]?.model ?? 'replay';
  return replayingModel(modelId, cassette, new Set(), options.file);
}

export { recordingMiddleware, replayingModel, wrapLanguageModel };
