/**
 * JSON read as a stream, with limits: what `JSON.parse` answers, but fed a chunk at a time and
 * refusing, as soon as it is passed, a limit on the bytes read, the nesting depth, the length of
 * one string, and the values and string characters held in memory at once. Values at chosen paths
 * (the records of a recipe book, the tags of a project) are handed to a callback as each one is
 * complete instead of being kept in their parent: the callback checks it (and throws to refuse the
 * whole text), keeps it or drops it, and only what is kept uses memory. So a document's memory is
 * bounded by the limits whatever it holds (`[{},{},…]` of 120 MB stops at the first value the
 * callback refuses, or at the limit of values held).
 *
 * Strings are found with indexOf and decoded by JSON.parse (escapes, surrogates: exactly as
 * JSON.parse does), the bytes as UTF-8 across chunk boundaries (invalid sequences become U+FFFD,
 * as `Buffer.toString` gives them to JSON.parse). An object key `__proto__` is an own property, as
 * JSON.parse makes it, never the prototype.
 */
import { StringDecoder } from 'node:string_decoder';

export type JsonPath = readonly (string | number)[];

export interface JsonLimits {
  /** UTF-8 bytes of the whole text. */
  maxBytes: number;
  /** Arrays and objects inside one another. */
  maxDepth: number;
  /** Values held at once: those of the tree being built and those onValue keeps. */
  maxValues: number;
  /** String characters (keys and values) held at once, counted as for maxValues. */
  maxChars: number;
  /** Characters of one string or key (a longer one at the paths `longStrings` names). */
  maxString: number;
}

/** Why a text was refused: not JSON (`syntax`), or past one of the limits (`limit`). */
export class JsonStreamError extends Error {
  constructor(
    readonly kind: 'syntax' | 'limit',
    message: string,
  ) {
    super(message);
  }
}

export interface JsonStreamOptions {
  /** Whether the value at `path` goes to `onValue` (once complete) instead of into its parent. */
  emits?: (path: JsonPath) => boolean;
  /** A value `emits` named, complete; `ancestors` are the containers above it as built so far
   * (the root first), `size` its values and string characters. `path` and `ancestors` are valid
   * during the call only. Throw to refuse the text; answer true when the value is kept (it then
   * stays counted against the limits of what is held), nothing when it is dropped. */
  onValue?: (value: unknown, path: JsonPath, ancestors: readonly unknown[], size: { values: number; chars: number }) => boolean | void;
  /** The longest string allowed at `path`, where it is not `maxString` (a protected project's
   * ciphertext). */
  longStrings?: (path: JsonPath) => number | undefined;
}

const enum State {
  /** A value (the root, after `:`, after `,` in an array). */
  Value,
  /** A value or `]` (just after `[`). */
  ValueOrClose,
  /** A key or `}` (just after `{`). */
  KeyOrClose,
  /** A key (after `,` in an object). */
  Key,
  Colon,
  CommaOrClose,
  /** The root is complete: white space only. */
  Done,
}

interface Frame {
  container: unknown[] | Record<string, unknown>;
  array: boolean;
  /** Handed to onValue when it closes. */
  emit: boolean;
  /** Values and string characters held inside it, itself included. */
  values: number;
  chars: number;
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const NEEDS_DECODING = /[\\\u0000-\u001f]/;
/** The longest number or literal carried from one chunk to the next. */
const MAX_TOKEN = 512;

function isNumberChar(c: number): boolean {
  // 0-9 + - . e E
  return (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46 || c === 101 || c === 69;
}

export class JsonStream {
  private readonly decoder = new StringDecoder('utf8');
  private bytes = 0;
  /** Characters before the current text (for positions in messages). */
  private offset = 0;
  private state = State.Value;
  private readonly frames: Frame[] = [];
  /** Keys (objects) and indexes (arrays) down to the value being read. */
  private readonly path: (string | number)[] = [];
  private values = 0;
  private chars = 0;
  private root: unknown = undefined;
  /** A number or literal cut by the end of a chunk. */
  private carry = '';
  /** A string cut by the end of a chunk: its pieces, whether it is a key, and the number of
   * backslashes its last piece ends with. */
  private str: { parts: string[]; length: number; key: boolean; backslashes: number } | null = null;

  constructor(
    private readonly limits: JsonLimits,
    private readonly options: JsonStreamOptions = {},
  ) {}

  /** Reads the next piece of the text. Throws JsonStreamError, or what onValue throws. */
  write(chunk: Buffer | string): void {
    this.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (this.bytes > this.limits.maxBytes) this.fail('limit', `it is larger than ${this.limits.maxBytes} bytes`);
    this.feed(typeof chunk === 'string' ? chunk : this.decoder.write(chunk), false);
  }

  /** Ends the text; answers the root value (undefined when the root itself went to onValue). */
  end(): unknown {
    this.feed(this.decoder.end(), true);
    if (this.state !== State.Done) this.fail('syntax', 'it ends before its last value is complete');
    return this.root;
  }

  /** The whole text at once. */
  static parse(text: Buffer | string, limits: JsonLimits, options?: JsonStreamOptions): unknown {
    const stream = new JsonStream(limits, options);
    stream.write(text);
    return stream.end();
  }

  private fail(kind: 'syntax' | 'limit', message: string, at?: number): never {
    throw new JsonStreamError(kind, at === undefined ? message : `${message} (character ${this.offset + at + 1})`);
  }

  private feed(input: string, final: boolean): void {
    let text = this.carry ? this.carry + input : input;
    this.carry = '';
    let i = 0;
    if (this.str) {
      i = this.scanString(text, 0);
      if (i < 0) {
        if (final) this.fail('syntax', 'it ends inside a string');
        this.offset += text.length;
        return;
      }
    }
    const n = text.length;
    while (i < n) {
      let c = text.charCodeAt(i);
      // White space: space, tab, line feed, carriage return.
      while (c === 32 || c === 10 || c === 13 || c === 9) {
        if (++i >= n) break;
        c = text.charCodeAt(i);
      }
      if (i >= n) break;
      switch (this.state) {
        case State.Value:
        case State.ValueOrClose:
          if (c === 93 /* ] */ && this.state === State.ValueOrClose) {
            this.close();
            i++;
          } else if (c === 123 /* { */ || c === 91 /* [ */) {
            this.open(c === 91, i);
            i++;
          } else if (c === 34 /* " */) {
            const end = this.startString(text, i, false);
            if (end < 0) {
              this.offset += n;
              if (final) this.fail('syntax', 'it ends inside a string');
              return;
            }
            i = end;
          } else if (c === 45 || (c >= 48 && c <= 57)) {
            let j = i + 1;
            while (j < n && isNumberChar(text.charCodeAt(j))) j++;
            if (j === n && !final) {
              if (j - i > MAX_TOKEN) this.fail('syntax', 'a number is too long', i);
              this.carry = text.slice(i);
              this.offset += i;
              return;
            }
            const token = text.slice(i, j);
            if (!NUMBER.test(token)) this.fail('syntax', `"${token.slice(0, 32)}" is not a number`, i);
            this.value(Number(token), 0, i);
            i = j;
          } else if (c === 116 /* t */ || c === 102 /* f */ || c === 110 /* n */) {
            const word = c === 116 ? 'true' : c === 102 ? 'false' : 'null';
            if (n - i < word.length && !final && word.startsWith(text.slice(i))) {
              this.carry = text.slice(i);
              this.offset += i;
              return;
            }
            if (text.slice(i, i + word.length) !== word) this.fail('syntax', 'an unexpected word', i);
            this.value(c === 116 ? true : c === 102 ? false : null, 0, i);
            i += word.length;
          } else this.fail('syntax', `unexpected "${text[i]}"`, i);
          break;
        case State.KeyOrClose:
        case State.Key:
          if (c === 125 /* } */ && this.state === State.KeyOrClose) {
            this.close();
            i++;
          } else if (c === 34) {
            const end = this.startString(text, i, true);
            if (end < 0) {
              this.offset += n;
              if (final) this.fail('syntax', 'it ends inside a key');
              return;
            }
            i = end;
          } else this.fail('syntax', `a key was expected, not "${text[i]}"`, i);
          break;
        case State.Colon:
          if (c !== 58 /* : */) this.fail('syntax', `":" was expected, not "${text[i]}"`, i);
          this.state = State.Value;
          i++;
          break;
        case State.CommaOrClose: {
          const top = this.frames[this.frames.length - 1]!;
          if (c === 44 /* , */) {
            this.state = top.array ? State.Value : State.Key;
            if (!top.array) this.path.pop();
          } else if (c === (top.array ? 93 : 125)) this.close();
          else this.fail('syntax', `"," or "${top.array ? ']' : '}'}" was expected, not "${text[i]}"`, i);
          i++;
          break;
        }
        case State.Done:
          this.fail('syntax', `unexpected "${text[i]}" after the end`, i);
      }
    }
    this.offset += n;
  }

  // ---- strings ------------------------------------------------------------------------------

  private stringLimit(key: boolean): number {
    if (key || !this.options.longStrings) return this.limits.maxString;
    return this.options.longStrings(this.path) ?? this.limits.maxString;
  }

  /** A string starting at `text[i]` (its quote): the index after it, or -1 when the text ends
   * first (the rest is kept for the next chunk). */
  private startString(text: string, i: number, key: boolean): number {
    this.str = { parts: [], length: 0, key, backslashes: 0 };
    return this.scanString(text, i + 1);
  }

  /** Looks for the closing quote from `text[from]` on. */
  private scanString(text: string, from: number): number {
    const s = this.str!;
    let q = text.indexOf('"', from);
    while (q !== -1) {
      // Escaped when an odd number of backslashes is right before it (counted back into the
      // earlier pieces when they end with backslashes).
      let k = q - 1;
      while (k >= from && text.charCodeAt(k) === 92) k--;
      let run = q - 1 - k;
      if (k < from) run += s.backslashes;
      if (run % 2 === 0) break;
      q = text.indexOf('"', q + 1);
    }
    const limit = this.stringLimit(s.key);
    if (q === -1) {
      const piece = text.slice(from);
      let k = piece.length - 1;
      while (k >= 0 && piece.charCodeAt(k) === 92) k--;
      s.backslashes = k < 0 ? s.backslashes + piece.length : piece.length - 1 - k;
      s.parts.push(piece);
      s.length += piece.length;
      // An escape is at most six characters for one.
      if (s.length > limit * 6 + 6) this.fail('limit', `a string is longer than ${limit} characters`);
      return -1;
    }
    s.parts.push(text.slice(from, q));
    const raw = s.parts.length === 1 ? s.parts[0]! : s.parts.join('');
    this.str = null;
    let value = raw;
    if (NEEDS_DECODING.test(raw)) {
      try {
        value = JSON.parse(`"${raw}"`) as string;
      } catch {
        this.fail('syntax', 'a string holds a control character or an unknown escape', q);
      }
    }
    if (value.length > limit) this.fail('limit', `a string is longer than ${limit} characters`, q);
    if (s.key) {
      // A key is held with its object.
      this.hold(0, value.length, q);
      this.frames[this.frames.length - 1]!.chars += value.length;
      this.path.push(value);
      this.state = State.Colon;
    } else this.value(value, value.length, q);
    return q + 1;
  }

  // ---- values ----------------------------------------------------------------------------------

  private hold(values: number, chars: number, at: number): void {
    this.values += values;
    this.chars += chars;
    if (this.values > this.limits.maxValues) this.fail('limit', `it holds more than ${this.limits.maxValues} values`, at);
    if (this.chars > this.limits.maxChars) this.fail('limit', `its strings hold more than ${this.limits.maxChars} characters`, at);
  }

  private open(array: boolean, at: number): void {
    if (this.frames.length >= this.limits.maxDepth) this.fail('limit', `it nests deeper than ${this.limits.maxDepth} levels`, at);
    this.hold(1, 0, at);
    const emit = this.options.emits?.(this.path) ?? false;
    this.frames.push({ container: array ? [] : {}, array, emit, values: 1, chars: 0 });
    if (array) this.path.push(0);
    this.state = array ? State.ValueOrClose : State.KeyOrClose;
  }

  private close(): void {
    const frame = this.frames.pop()!;
    // The index (array) or key (object) of the value after the last one.
    if (frame.array || this.state !== State.KeyOrClose) this.path.pop();
    this.complete(frame.container, frame.emit, frame.values, frame.chars);
  }

  /** A string, number, boolean or null, complete. */
  private value(v: unknown, chars: number, at: number): void {
    this.hold(1, chars, at);
    this.complete(v, this.options.emits?.(this.path) ?? false, 1, chars);
  }

  /** Puts a complete value in its parent, or hands it to onValue. Its counts are already held. */
  private complete(v: unknown, emit: boolean, values: number, chars: number): void {
    const parent = this.frames[this.frames.length - 1];
    if (emit) {
      const kept = this.options.onValue?.(v, this.path, this.frames.map((f) => f.container), { values, chars }) === true;
      if (!kept) {
        this.values -= values;
        this.chars -= chars;
      }
    }
    if (!parent) {
      if (!emit) this.root = v;
      this.state = State.Done;
      return;
    }
    if (!emit) {
      parent.values += values;
      parent.chars += chars;
    }
    if (parent.array) {
      if (!emit) (parent.container as unknown[]).push(v);
      this.path[this.path.length - 1] = (this.path[this.path.length - 1] as number) + 1;
    } else if (!emit) {
      const key = this.path[this.path.length - 1] as string;
      const obj = parent.container as Record<string, unknown>;
      if (key === '__proto__') Object.defineProperty(obj, key, { value: v, writable: true, enumerable: true, configurable: true });
      else obj[key] = v;
    }
    this.state = State.CommaOrClose;
  }
}
