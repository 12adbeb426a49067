/**
 * The simulated runtime's tag values (docs/decisions.md#the-simulated-panel): each tag of the
 * running project follows its `simulation` (a sine, a ramp, random steps, a constant, a toggle) as
 * a pure function of the device time, so a value at any instant is the same whenever it is asked
 * for; a value written to a writable tag (by an OPC UA client, say) replaces the simulation until
 * the next project. Integers are rounded to their data type, bits are 0 or 1, a string tag holds
 * text.
 */
import type { Project, ProjectTag } from '../../contract/project-format';

export type TagValue = number | string;

const INTEGER_RANGES: Record<string, [number, number]> = {
  int16: [-32768, 32767],
  uint16: [0, 65535],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
};

/** A number in [0, 1) from a tag name and a step: the same pair always gives the same number. */
function noise(name: string, step: number): number {
  let h = 2166136261 ^ step;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** The simulated value of `tag` at `ms` (device time). */
export function simulatedValue(tag: ProjectTag, ms: number): TagValue {
  if (tag.data_type === 'string') return '';
  const sim = tag.simulation;
  let v: number;
  if (!sim) v = 0;
  else {
    const periodMs = sim.period_s * 1000;
    const phase = (((ms % periodMs) + periodMs) % periodMs) / periodMs;
    switch (sim.kind) {
      case 'sine':
        v = sim.min + (sim.max - sim.min) * (0.5 + 0.5 * Math.sin(2 * Math.PI * phase));
        break;
      case 'ramp':
        v = sim.min + (sim.max - sim.min) * phase;
        break;
      case 'random':
        // A new value every second.
        v = sim.min + (sim.max - sim.min) * noise(tag.name, Math.floor(ms / 1000));
        break;
      case 'toggle':
        v = phase < 0.5 ? sim.min : sim.max;
        break;
      case 'constant':
        v = sim.min;
        break;
    }
  }
  return fitToType(tag, v);
}

function fitToType(tag: ProjectTag, v: number): number {
  if (tag.data_type === 'bit') return v >= 0.5 ? 1 : 0;
  if (tag.data_type === 'float') return Math.round(v * 1000) / 1000;
  const [lo, hi] = INTEGER_RANGES[tag.data_type]!;
  return Math.min(hi, Math.max(lo, Math.round(v)));
}

export type TagWriteError = 'unknown_tag' | 'not_writable' | 'invalid_value';

/** The bytes a string tag holds: two a word (its `length` is in words), its text as UTF-8 (what an
 * OPC UA client's String is, and what the server publishes as the variable's MaxStringLength). */
export function maxStringBytes(tag: Pick<ProjectTag, 'length'>): number {
  return tag.length * 2;
}

/** Whether `value` is one `tag` can hold as it is (see `TagValues.writeChecked`). */
export function valueFits(tag: ProjectTag, value: TagValue): boolean {
  if (tag.data_type === 'string') return typeof value === 'string' && Buffer.byteLength(value, 'utf8') <= maxStringBytes(tag);
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (tag.data_type === 'bit') return value === 0 || value === 1;
  if (tag.data_type === 'float') return Math.abs(value) <= 3.4028234663852886e38;
  const [lo, hi] = INTEGER_RANGES[tag.data_type]!;
  return Number.isInteger(value) && value >= lo && value <= hi;
}

export class TagValues {
  private tags = new Map<string, ProjectTag>();
  private written = new Map<string, TagValue>();
  private source: Project | null = null;

  /** The project whose tags run (a new project forgets what was written to the old one's). */
  load(project: Project): void {
    this.tags = new Map(project.tags.map((t) => [t.name, t]));
    this.written.clear();
    this.source = project;
  }

  /** Loads `project` unless it is the one loaded already (the runtime's scan and the OPC UA server
   * both ask, whichever reads first). */
  sync(project: Project): void {
    if (project !== this.source) this.load(project);
  }

  /** The running project, edited (its OPC UA tags changed): a tag keeps the value written to it
   * while its name and data type stay. */
  reload(project: Project): void {
    const before = this.tags;
    this.tags = new Map(project.tags.map((t) => [t.name, t]));
    for (const name of [...this.written.keys()]) {
      if (this.tags.get(name)?.data_type !== before.get(name)?.data_type) this.written.delete(name);
    }
    this.source = project;
  }

  has(name: string): boolean {
    return this.tags.has(name);
  }

  tag(name: string): ProjectTag | undefined {
    return this.tags.get(name);
  }

  /** The value of `name` at `ms` (device time); undefined for a tag the project lacks. */
  value(name: string, ms: number): TagValue | undefined {
    const written = this.written.get(name);
    if (written !== undefined) return written;
    const tag = this.tags.get(name);
    return tag ? simulatedValue(tag, ms) : undefined;
  }

  /** The one write path of a client (an OPC UA client, a WebView viewer): the tag must exist and
   * be writable, and the value must be of its type (a bit 0 or 1, an integer a whole number in its
   * type's range, a float a finite number, a string text within the tag's length: at most
   * `maxStringBytes` bytes of UTF-8, never cut). Answers the
   * values before and after, or why it was refused; nothing changes when refused. */
  writeChecked(name: string, value: TagValue, ms: number): { ok: true; before: TagValue; after: TagValue } | { ok: false; error: TagWriteError } {
    const tag = this.tags.get(name);
    if (!tag) return { ok: false, error: 'unknown_tag' };
    if (!tag.access.write) return { ok: false, error: 'not_writable' };
    if (!valueFits(tag, value)) return { ok: false, error: 'invalid_value' };
    const before = this.value(name, ms)!;
    this.write(name, value);
    return { ok: true, before, after: this.value(name, ms)! };
  }

  /** Writes a value to a tag (the caller checks its access); numbers are fitted to its type, a
   * text longer than the tag holds is refused, never cut. */
  write(name: string, value: TagValue): void {
    const tag = this.tags.get(name);
    if (!tag) throw new Error(`no tag ${name}`);
    if (tag.data_type === 'string' && !valueFits(tag, String(value))) throw new RangeError(`text longer than ${maxStringBytes(tag)} bytes for ${name}`);
    this.written.set(name, tag.data_type === 'string' ? String(value) : fitToType(tag, Number(value)));
  }
}
