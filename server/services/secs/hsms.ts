/**
 * HSMS framing (SEMI E37 §8): every message is a 4-byte length (big-endian, the bytes after it),
 * a 10-byte header, and for a data message the SECS-II data.
 *
 * Header: session ID (2 bytes: the device ID for data messages, 0xFFFF for control messages),
 * header byte 2 (data: W-bit and stream; Select.rsp / Deselect.rsp: 0; Reject.req: the rejected
 * SType or PType), header byte 3 (data: function; Select.rsp / Deselect.rsp: status; Reject.req:
 * reason code), PType (0 = SECS-II), SType (0 = data message, else the control message), system
 * bytes (4: pairs a reply with its request).
 */

export const HEADER_BYTES = 10;
export const LENGTH_BYTES = 4;
/** The session ID of control messages. */
export const CONTROL_SESSION = 0xffff;

export const STYPE = {
  data: 0,
  selectReq: 1,
  selectRsp: 2,
  deselectReq: 3,
  deselectRsp: 4,
  linktestReq: 5,
  linktestRsp: 6,
  rejectReq: 7,
  separateReq: 9,
} as const;

/** Select.rsp status (E37 §7.4.2): 0 established, 1 already active, 2 not ready, 3 exhausted. */
export const SELECT_STATUS = { ok: 0, alreadyActive: 1, notReady: 2, exhausted: 3 } as const;
/** Deselect.rsp status: 0 ended, 1 communication not established, 2 busy. */
export const DESELECT_STATUS = { ok: 0, notEstablished: 1, busy: 2 } as const;
/** Reject.req reason codes (E37 §7.8): SType or PType not supported, a response to no open
 * transaction, a data message while not selected. */
export const REJECT_REASON = { stypeNotSupported: 1, ptypeNotSupported: 2, transactionNotOpen: 3, notSelected: 4 } as const;

export interface HsmsHeader {
  session: number;
  byte2: number;
  byte3: number;
  ptype: number;
  stype: number;
  system: number;
}

export interface HsmsMessage {
  header: HsmsHeader;
  /** The SECS-II data (empty for control messages and header-only data messages). */
  data: Buffer;
}

/** The data message's stream, W-bit and function. */
export function dataParts(h: HsmsHeader): { stream: number; wbit: boolean; func: number } {
  return { stream: h.byte2 & 0x7f, wbit: (h.byte2 & 0x80) !== 0, func: h.byte3 };
}

export function encodeHeader(h: HsmsHeader): Buffer {
  const out = Buffer.alloc(HEADER_BYTES);
  out.writeUInt16BE(h.session & 0xffff, 0);
  out[2] = h.byte2 & 0xff;
  out[3] = h.byte3 & 0xff;
  out[4] = h.ptype & 0xff;
  out[5] = h.stype & 0xff;
  out.writeUInt32BE(h.system >>> 0, 6);
  return out;
}

export function decodeHeader(buf: Buffer): HsmsHeader {
  return {
    session: buf.readUInt16BE(0),
    byte2: buf[2]!,
    byte3: buf[3]!,
    ptype: buf[4]!,
    stype: buf[5]!,
    system: buf.readUInt32BE(6),
  };
}

/** The bytes of one message on the wire. */
export function encodeMessage(m: HsmsMessage): Buffer {
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32BE(HEADER_BYTES + m.data.length, 0);
  return Buffer.concat([length, encodeHeader(m.header), m.data]);
}

export function controlMessage(stype: number, system: number, byte3 = 0, byte2 = 0, session = CONTROL_SESSION): HsmsMessage {
  return { header: { session, byte2, byte3, ptype: 0, stype, system }, data: Buffer.alloc(0) };
}

export function dataMessage(session: number, stream: number, func: number, wbit: boolean, system: number, data: Buffer): HsmsMessage {
  return { header: { session, byte2: (wbit ? 0x80 : 0) | (stream & 0x7f), byte3: func, ptype: 0, stype: STYPE.data, system }, data };
}

export class FrameError extends Error {}

/**
 * Cuts the byte stream of one connection into messages. `push` takes what arrived and answers the
 * whole messages in it; `pending` says whether a message has begun but not ended (what T8 watches).
 * A length below the header's or above `maxBytes` is a FrameError: the connection cannot be read
 * further.
 */
export class FrameReader {
  private buffered: Buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes: number) {}

  get pending(): boolean {
    return this.buffered.length > 0;
  }

  push(chunk: Buffer): HsmsMessage[] {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const out: HsmsMessage[] = [];
    for (;;) {
      if (this.buffered.length < LENGTH_BYTES) break;
      const length = this.buffered.readUInt32BE(0);
      if (length < HEADER_BYTES) throw new FrameError(`HSMS message length ${length} is shorter than its header`);
      if (length > this.maxBytes) throw new FrameError(`HSMS message of ${length} bytes is longer than the ${this.maxBytes} accepted`);
      if (this.buffered.length < LENGTH_BYTES + length) break;
      const header = decodeHeader(this.buffered.subarray(LENGTH_BYTES, LENGTH_BYTES + HEADER_BYTES));
      const data = Buffer.from(this.buffered.subarray(LENGTH_BYTES + HEADER_BYTES, LENGTH_BYTES + length));
      out.push({ header, data });
      this.buffered = this.buffered.subarray(LENGTH_BYTES + length);
    }
    if (this.buffered.length === 0) this.buffered = Buffer.alloc(0);
    return out;
  }
}
