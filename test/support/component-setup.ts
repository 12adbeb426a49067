import '@testing-library/jest-dom';

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
