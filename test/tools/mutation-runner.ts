/**
 * Runs a machine's own test files against its mutants, inside one jest test (no process per
 * mutant): for each mutant the test files are loaded afresh in `jest.isolateModules`, with
 * `xstate`'s `createMachine` (and `setup(...).createMachine`) handing the mutated config to the
 * machine whose id matches; the files' `describe`/`it`/`test`/hooks are collected by a small runner
 * of our own instead of jest's, and run in order. A mutant is killed when one of the tests fails
 * (a failed `expect` throws) or does not finish within its time limit.
 *
 * Only what the machines' tests use is supported: describe, it/test (with .each over a list),
 * beforeEach/afterEach, beforeAll/afterAll; a test that takes a `done` callback is not.
 * Fake timers are put back to real ones after each test.
 */
import type * as XState from 'xstate';

type Fn = () => unknown;
interface TestCase {
  name: string;
  fn: Fn;
  /** The hooks around it, outermost first. */
  beforeEach: Fn[];
  afterEach: Fn[];
}
export interface Suite {
  tests: TestCase[];
  beforeAll: Fn[];
  afterAll: Fn[];
}

/** The real setTimeout, whatever fake timers a test installs. */
const realSetTimeout = setTimeout;
const realClearTimeout = clearTimeout;

type Title = string;
function formatTitle(title: Title, row: unknown, index: number): string {
  const args = Array.isArray(row) ? row : [row];
  let i = 0;
  const withArgs = title.replace(/%[sdifjop#%]/g, (m) => (m === '%%' ? '%' : m === '%#' ? String(index) : String(args[i++])));
  if (!Array.isArray(row) && typeof row === 'object' && row !== null) {
    return withArgs.replace(/\$([A-Za-z_][\w.]*)/g, (_, key: string) => String((row as Record<string, unknown>)[key]));
  }
  return withArgs;
}

/** The globals a test file declares its tests with, collecting into a Suite. */
function collector() {
  const suite: Suite = { tests: [], beforeAll: [], afterAll: [] };
  const stack: Array<{ name: string; beforeEach: Fn[]; afterEach: Fn[] }> = [{ name: '', beforeEach: [], afterEach: [] }];
  const declare = (name: string, fn: Fn) => {
    suite.tests.push({
      name: [...stack.map((b) => b.name).filter(Boolean), name].join(' › '),
      fn,
      beforeEach: stack.flatMap((b) => b.beforeEach),
      afterEach: [...stack].reverse().flatMap((b) => b.afterEach),
    });
  };
  const each =
    (declareOne: (name: string, fn: Fn) => void) =>
    (table: unknown[]) =>
    (title: Title, fn: (...args: unknown[]) => unknown) => {
      if (!Array.isArray(table)) throw new Error('mutation runner: only .each over a list is supported');
      table.forEach((row, index) => declareOne(formatTitle(title, row, index), () => (Array.isArray(row) ? fn(...row) : fn(row))));
    };
  const it = Object.assign((name: string, fn: Fn) => declare(name, fn), {
    each: each(declare),
    skip: () => {},
    todo: () => {},
    only: (name: string, fn: Fn) => declare(name, fn),
  });
  const describe = Object.assign(
    (name: string, fn: () => void) => {
      stack.push({ name, beforeEach: [], afterEach: [] });
      try {
        fn();
      } finally {
        stack.pop();
      }
    },
    {
      skip: () => {},
      only: (name: string, fn: () => void) => describe(name, fn),
      each: (table: unknown[]) => (title: Title, fn: (...args: unknown[]) => void) =>
        table.forEach((row, index) => describe(formatTitle(title, row, index), () => (Array.isArray(row) ? fn(...row) : fn(row)))),
    },
  );
  const top = () => stack[stack.length - 1]!;
  const globals = {
    describe,
    it,
    test: it,
    beforeEach: (fn: Fn) => top().beforeEach.push(fn),
    afterEach: (fn: Fn) => top().afterEach.push(fn),
    beforeAll: (fn: Fn) => suite.beforeAll.push(fn),
    afterAll: (fn: Fn) => suite.afterAll.push(fn),
  };
  return { suite, globals };
}

/**
 * Loads `files` afresh (a new module registry), with `configFor(config)` giving the config that
 * `createMachine` builds, and returns their tests. `actual` is the real xstate.
 */
export function loadSuite(
  files: string[],
  actual: typeof XState,
  configFor: (config: Record<string, unknown>, calledFrom: string | undefined) => Record<string, unknown>,
): Suite {
  const { suite, globals } = collector();
  const g = globalThis as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(globals).map((k) => [k, g[k]]));
  jest.isolateModules(() => {
    jest.doMock('xstate', () => ({
      ...actual,
      createMachine: (config: Record<string, unknown>, ...rest: unknown[]) =>
        (actual.createMachine as (...a: unknown[]) => unknown)(configFor(config, calledFrom()), ...rest),
      setup: (...args: unknown[]) => {
        const made = (actual.setup as (...a: unknown[]) => Record<string, unknown>)(...args);
        const createMachine = made.createMachine as (...a: unknown[]) => unknown;
        return { ...made, createMachine: (config: Record<string, unknown>, ...rest: unknown[]) => createMachine(configFor(config, calledFrom()), ...rest) };
      },
    }));
    Object.assign(g, globals);
    try {
      for (const file of files) require(file);
    } finally {
      Object.assign(g, saved);
      jest.dontMock('xstate');
    }
  });
  return suite;
}

/** The file that called createMachine: the first frame of the stack outside this file and xstate. */
function calledFrom(): string | undefined {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  for (const frame of frames) {
    const file = /\(?((?:\/|[A-Za-z]:\\)[^():]+):\d+:\d+\)?$/.exec(frame.trim())?.[1];
    if (file && file !== __filename && !file.includes('/node_modules/')) return file;
  }
  return undefined;
}

/** `fn()` within `ms`: its error, 'timeout', or undefined when it passed. */
async function within(fn: Fn, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = realSetTimeout(() => resolve('timeout'), ms);
    });
    const run = (async () => {
      await fn();
    })().then(
      () => undefined,
      (error: unknown) => error ?? new Error('rejected'),
    );
    return await Promise.race([run, timeout]);
  } catch (error) {
    return error;
  } finally {
    realClearTimeout(timer);
  }
}

export interface TestFailure {
  /** The test's index in suite.tests (-1 for a beforeAll). */
  index: number;
  test: string;
  error: unknown;
}

/**
 * Runs the tests of `suite` in order, each with its hooks, and stops at the first failure unless
 * `all`. `order` (indexes into suite.tests) puts some first. Returns the failures.
 */
export async function runSuite(suite: Suite, options: { timeoutMs: number; all?: boolean; order?: number[] }): Promise<TestFailure[]> {
  const failures: TestFailure[] = [];
  const order = options.order ?? suite.tests.map((_, i) => i);
  for (const hook of suite.beforeAll) {
    const error = await within(hook, options.timeoutMs);
    if (error !== undefined) return [{ index: -1, test: 'beforeAll', error }];
  }
  try {
    for (const index of order) {
      const test = suite.tests[index];
      if (!test) throw new Error(`mutation runner: no test #${index} (of ${suite.tests.length})`);
      const error = await within(async () => {
        try {
          for (const hook of test.beforeEach) await hook();
          await test.fn();
        } finally {
          for (const hook of test.afterEach) await hook();
        }
      }, options.timeoutMs);
      jest.useRealTimers();
      if (error !== undefined) {
        failures.push({ index, test: test.name, error });
        if (!options.all) break;
      }
    }
  } finally {
    for (const hook of suite.afterAll) await within(hook, options.timeoutMs);
    jest.useRealTimers();
  }
  return failures;
}
