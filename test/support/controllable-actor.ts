import { fromPromise } from 'xstate';

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A fromPromise double for machine tests: it records each invocation's input and lets the test
 * settle it (`last().resolve(output)` / `last().reject(error)`). */
export function controllable<TOutput, TInput>() {
  const calls: Array<{ input: TInput } & Deferred<TOutput>> = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) => new Promise<TOutput>((resolve, reject) => calls.push({ input, resolve, reject })),
  );
  const last = () => {
    const call = calls[calls.length - 1];
    if (!call) throw new Error('the actor was not invoked');
    return call;
  };
  return { logic, calls, last };
}
