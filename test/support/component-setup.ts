import '@testing-library/jest-dom';
// Imported here so that its unmount-after-each-test is registered before the contract check
// below: whatever the screens still fetch while they unmount is checked with the test.
import { configure } from '@testing-library/react';
import { assertNoContractViolations } from './fake-device';

// A screen's first render loads its lazy route, its texts and, on the first answer, the contract's
// schemas for the check below: on a busy 2-core machine that can take longer than Testing
// Library's default second. Waiting longer only matters when something is slow; a test that
// fails still fails.
configure({ asyncUtilTimeout: 5000 });

/**
 * In a browser `new Request('/api/v1/...')` resolves against the page; Node's Request (which
 * jest-fixed-jsdom exposes) refuses a relative URL. RTK Query's fetchBaseQuery builds a Request
 * from the base URL '' and the path, so resolve relative URLs against the jsdom page, as a browser
 * would.
 */
const NodeRequest = globalThis.Request;
if (!(NodeRequest as { resolvesRelative?: boolean }).resolvesRelative) {
  class PageRequest extends NodeRequest {
    static resolvesRelative = true;
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.href) : input, init);
    }
  }
  globalThis.Request = PageRequest;
}

/**
 * Every answer a fake device gave during the test must be one the contract allows
 * (fake-device.ts records those that are not): a fake that drifts from the device API fails the
 * test that used it, naming the call and what is wrong with the answer.
 */
afterEach(assertNoContractViolations);
