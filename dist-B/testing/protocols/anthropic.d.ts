import { type Protocol } from './protocol.ts';
/** The Messages protocol. */
export declare const anthropicProtocol: Protocol;
