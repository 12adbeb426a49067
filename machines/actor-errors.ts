/** What every machine's invoked actors share: how a rejection names its error (the contract's one
 * reading of any failure, contract/failure.ts), and the body of an actor the app has not provided. */

export { errorCodeOf, FALLBACK_ERROR_CODE } from '../contract/failure';

/** A placeholder actor/action body: the app must provide the real one with `machine.provide()`. */
export function notProvided(machineId: string, name: string): Error {
  return new Error(`${machineId}: "${name}" was not provided (use machine.provide())`);
}
