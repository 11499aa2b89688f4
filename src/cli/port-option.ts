import { UsageError } from '../errors.ts';

/** A port flag's value: 0 to 65535, 0 meaning any free port. */
export function parsePortOption(value: string, flag: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`${flag} expects a port number from 0 to 65535 (0: any free port), got "${value}"`);
  return port;
}
