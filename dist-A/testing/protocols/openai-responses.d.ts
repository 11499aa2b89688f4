import { type Protocol } from './protocol.ts';
/** Creates the Responses protocol with its own store of sent items. */
export declare function createOpenAIResponsesProtocol(): Protocol;
