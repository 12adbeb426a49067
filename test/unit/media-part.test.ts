/** Writes to a medium go through a hidden part; a part no write owns (a write killed half-way) is
 * removed by the next write to that medium, a part being written is not. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freeName, partName, removeLeftParts, writeThroughPart } from '../../server/lib/media-part';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-part-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const list = () => fs.readdirSync(dir).sort();

describe('writeThroughPart', () => {
  it('writes under the hidden part, then gives the file its name', async () => {
    let seen: string[] = [];
    await writeThroughPart(dir, 'recipes.cxob', (part) => {
      fs.writeFileSync(part, 'whole');
      seen = list();
    });
    expect(seen).toEqual([partName('recipes.cxob')]);
    expect(list()).toEqual(['recipes.cxob']);
    expect(fs.readFileSync(path.join(dir, 'recipes.cxob'), 'utf8')).toBe('whole');
  });

  it('removes the part of a write that never finished, and nothing else', async () => {
    fs.writeFileSync(path.join(dir, '.data-HMI-20260101-000000.tar.gz.part'), 'half');
    fs.writeFileSync(path.join(dir, 'data-HMI-20260101-000000.tar.gz'), 'a whole one');
    fs.writeFileSync(path.join(dir, '.hidden-file-of-the-user'), 'kept');
    fs.writeFileSync(path.join(dir, 'notes.part'), 'kept: not hidden');
    fs.mkdirSync(path.join(dir, '.folder.part'));
    await writeThroughPart(dir, 'recipes.cxob', (part) => fs.writeFileSync(part, 'x'));
    expect(list()).toEqual(['.folder.part', '.hidden-file-of-the-user', 'data-HMI-20260101-000000.tar.gz', 'notes.part', 'recipes.cxob']);
  });

  it('keeps the part of a write still in progress', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = writeThroughPart(dir, 'big.tar.gz', async (part) => {
      fs.writeFileSync(part, 'first half');
      await gate;
      fs.appendFileSync(part, ', second half');
    });
    await new Promise((r) => setImmediate(r));
    await writeThroughPart(dir, 'small.cxob', (part) => fs.writeFileSync(part, 'x'));
    expect(removeLeftParts(dir)).toEqual([]);
    expect(list()).toEqual([partName('big.tar.gz'), 'small.cxob']);
    release();
    await slow;
    expect(list()).toEqual(['big.tar.gz', 'small.cxob']);
    expect(fs.readFileSync(path.join(dir, 'big.tar.gz'), 'utf8')).toBe('first half, second half');
  });

  it('removes its part and throws on when the write fails', async () => {
    await expect(
      writeThroughPart(dir, 'recipes.cxob', (part) => {
        fs.writeFileSync(part, 'half');
        throw new Error('the medium is full');
      }),
    ).rejects.toThrow('the medium is full');
    expect(list()).toEqual([]);
    // Its part is no longer counted as being written: a part of that name found later is a
    // leftover.
    fs.writeFileSync(path.join(dir, partName('recipes.cxob')), 'left');
    expect(removeLeftParts(dir)).toEqual([partName('recipes.cxob')]);
  });
});

describe('freeName', () => {
  it('keeps a name the medium does not hold, else numbers it before its extension', () => {
    expect(freeName(dir, 'data-HMI-20260101-000000.tar.gz', '.tar.gz')).toBe('data-HMI-20260101-000000.tar.gz');
    fs.writeFileSync(path.join(dir, 'data-HMI-20260101-000000.tar.gz'), 'x');
    fs.writeFileSync(path.join(dir, 'data-HMI-20260101-000000-2.tar.gz'), 'x');
    expect(freeName(dir, 'data-HMI-20260101-000000.tar.gz', '.tar.gz')).toBe('data-HMI-20260101-000000-3.tar.gz');
  });
});
