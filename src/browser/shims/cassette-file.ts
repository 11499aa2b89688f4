/** `models/cassette-file.ts` in the browser bundle: cassettes are files on disk (`--record`, `--replay`). */
import type * as NodeCassetteFile from '../../models/cassette-file.ts';
import { notInBrowser } from './not-available.ts';

export { recordingMiddleware, replayingModel } from '../../models/cassette.ts';
export { wrapLanguageModel } from 'ai';

const refuse = (file: string) => notInBrowser(`the cassette ${file}`, 'cassettes are files on disk', 'run without cassette, or record with the llm-do CLI');

export const loadCassette: typeof NodeCassetteFile.loadCassette = (file) => {
  throw refuse(file);
};

export const createCassetteRecorder: typeof NodeCassetteFile.createCassetteRecorder = (file) => {
  throw refuse(file);
};
