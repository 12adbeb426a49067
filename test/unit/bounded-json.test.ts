/** The bounded streaming JSON reader (server/lib/bounded-json.ts): the same values as JSON.parse
 * however the text is cut into chunks (UTF-8 sequences, escapes and numbers cut included), the same
 * refusals, and each limit refused as soon as it is passed. */
import fc from 'fast-check';
import { JsonStream, JsonStreamError, type JsonLimits, type JsonPath } from '../../server/lib/bounded-json';

const WIDE: JsonLimits = { maxBytes: 1 << 30, maxDepth: 1000, maxValues: 1 << 30, maxChars: 1 << 30, maxString: 1 << 30 };

/** The text fed as Buffers cut at `cuts` (byte offsets). */
function parseCut(text: string, cuts: number[], limits = WIDE, options = {}): unknown {
  const bytes = Buffer.from(text, 'utf8');
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const stream = new JsonStream(limits, options);
  let at = 0;
  for (const p of points) {
    stream.write(bytes.subarray(at, p));
    at = p;
  }
  stream.write(bytes.subarray(at));
  return stream.end();
}

function outcome(fn: () => unknown): { ok: unknown } | { error: true } {
  try {
    return { ok: fn() };
  } catch (err) {
    if (err instanceof SyntaxError || err instanceof JsonStreamError) return { error: true };
    throw err;
  }
}

describe('JsonStream', () => {
  it('reads what JSON.parse reads, cut anywhere', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
        expect(parseCut(text, cuts)).toEqual(JSON.parse(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads strings with every escape, surrogate pairs and multi-byte characters cut between bytes', () => {
    const text = JSON.stringify({ 'k\u00e9y': ['a\\"b', '\n\t\u0001\u2028', '😀 grün 日本', 'x'.repeat(3000)], n: [-0, 1e21, -1.5e-7, 0.1, 123456789012] }).replace('x', '\\u0078');
    for (let cut = 0; cut < Buffer.byteLength(text); cut += 1) expect(parseCut(text, [cut, cut + 1, cut + 5])).toEqual(JSON.parse(text));
  });

  it('refuses what JSON.parse refuses', () => {
    for (const bad of ['', ' ', '{', '[1,]', '{"a":1,}', '{"a" 1}', '[01]', '[1.]', '[-]', '[.5]', '[1e]', 'tru', 'nul', '"abc', '"\\x"', '"a\u0001"', '[1 2]', '{} {}', '{"a":1}x', '[1]]', '{a:1}', "['a']", '\ufeff[]', '[+1]', '[NaN]']) {
      expect(outcome(() => JSON.parse(bad))).toEqual({ error: true });
      for (let cut = 0; cut <= bad.length; cut++) expect({ bad, cut, result: outcome(() => parseCut(bad, [cut])) }).toEqual({ bad, cut, result: { error: true } });
    }
  });

  it('refuses what JSON.parse refuses, for mutated texts', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.constantFrom('', '"', ',', ':', '[', ']', '{', '}', '\\', '-', 'e', '0', ' ', 'n'), fc.nat({ max: 3 }), (text, at, insert, drop) => {
        const i = at % (text.length + 1);
        const mutated = text.slice(0, i) + insert + text.slice(i + drop);
        const expected = outcome(() => JSON.parse(mutated));
        const got = outcome(() => parseCut(mutated, [at, at * 7]));
        expect(got).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps __proto__ as an own property, as JSON.parse does', () => {
    const value = parseCut('{"__proto__":{"role":"admin"},"a":1}', [3]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(value).toEqual(JSON.parse('{"__proto__":{"role":"admin"},"a":1}'));
  });

  it('hands the values at the paths asked for to the callback, in order, and keeps the rest', () => {
    const seen: [unknown, JsonPath, unknown[]][] = [];
    const root = JsonStream.parse('[{"name":"A","records":[{"n":1},{"n":2}]},{"name":"B","records":[]}]', WIDE, {
      emits: (p) => p.length === 3 && p[1] === 'records',
      onValue: (v, p, ancestors) => {
        seen.push([v, [...p], ancestors.map((a) => JSON.parse(JSON.stringify(a)))]);
      },
    });
    expect(root).toEqual([
      { name: 'A', records: [] },
      { name: 'B', records: [] },
    ]);
    expect(seen).toEqual([
      // The records array joins its book when it closes.
      [{ n: 1 }, [0, 'records', 0], [[], { name: 'A' }, []]],
      [{ n: 2 }, [0, 'records', 1], [[], { name: 'A' }, []]],
    ]);
  });

  describe('limits, each refused as soon as it is passed', () => {
    const limits: JsonLimits = { maxBytes: 1000, maxDepth: 4, maxValues: 20, maxChars: 50, maxString: 10 };
    const refusal = (text: string, options = {}) => {
      try {
        parseCut(text, [], limits, options);
      } catch (err) {
        if (err instanceof JsonStreamError) return `${err.kind}: ${err.message}`;
        throw err;
      }
      return 'accepted';
    };

    it('bytes, depth, one string, values and characters held', () => {
      expect(refusal(`"${'a'.repeat(1000)}"`)).toBe('limit: it is larger than 1000 bytes');
      expect(refusal('[[[[1]]]]')).toBe('accepted');
      expect(refusal('[[[[[1]]]]]')).toMatch(/^limit: it nests deeper than 4 levels/);
      expect(refusal('"0123456789"')).toBe('accepted');
      expect(refusal('"0123456789a"')).toMatch(/^limit: a string is longer than 10 characters/);
      expect(refusal('{"0123456789a":1}')).toMatch(/^limit: a string is longer than 10 characters/);
      expect(refusal(`[${'0,'.repeat(18)}0]`)).toBe('accepted');
      expect(refusal(`[${'0,'.repeat(19)}0]`)).toMatch(/^limit: it holds more than 20 values/);
      expect(refusal(`[${'{},'.repeat(30)}{}]`)).toMatch(/^limit: it holds more than 20 values/);
      expect(refusal(`["${'a'.repeat(10)}","${'a'.repeat(10)}","${'a'.repeat(10)}","${'a'.repeat(10)}","${'a'.repeat(10)}","a"]`)).toMatch(/^limit: its strings hold more than 50 characters/);
    });

    it('values handed to the callback are not held', () => {
      const options = { emits: (p: JsonPath) => p.length === 1, onValue: () => undefined };
      expect(refusal(`[${'{},'.repeat(300)}{}]`, options)).toBe('accepted');
      expect(refusal(`[${'"aaaaaaaaaa",'.repeat(70)}"a"]`, options)).toBe('accepted');
    });

    it('values the callback keeps stay counted', () => {
      const kept = { emits: (p: JsonPath) => p.length === 1, onValue: () => true };
      expect(refusal(`[${'0,'.repeat(18)}0]`, kept)).toBe('accepted');
      expect(refusal(`[${'{},'.repeat(30)}{}]`, kept)).toMatch(/^limit: it holds more than 20 values/);
    });

    it('a longer string where longStrings allows it, and only there', () => {
      const options = { longStrings: (p: JsonPath) => (p.length === 1 && p[0] === 'data' ? 40 : undefined) };
      expect(refusal(`{"data":"${'a'.repeat(40)}"}`, options)).toBe('accepted');
      expect(refusal(`{"other":"${'a'.repeat(40)}"}`, options)).toMatch(/^limit: a string is longer than 10/);
    });

    it('a string that never ends is refused at its limit, not at the end of the text', () => {
      const stream = new JsonStream({ ...limits, maxBytes: 1 << 30 });
      stream.write('["');
      expect(() => {
        for (let i = 0; i < 100; i++) stream.write('aaaaaaaaaa');
      }).toThrow(/a string is longer than 10 characters/);
    });
  });
});
