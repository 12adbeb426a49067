/**
 * npm run make:project -- --out <dir> --name <name> [--model <model>] [--design-version <x.yy.zz>]
 *                         [--tags <n>] [--password <pw>]
 *
 * Writes `<dir>/<name>.app` and `<dir>/<name>.crc`: the sample project's content under that name,
 * with `n` extra simulated tags when asked (in the OPC UA folder "Simulated" and on a WebView screen
 * of their own, id 20, that shows every one of them), for another model or design-software version when
 * asked, protected by a password when one is given. The device takes the pair on Project
 * Management (or from data/media/usb, data/media/sd).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sample from '../sample-project/sample-project.json';
import { projectSchema, type Project } from '../../contract/project-format';
import { packProject } from '../lib/project-file';

export interface MakeProjectOptions {
  name: string;
  model?: string;
  designVersion?: string;
  tags?: number;
  password?: string;
}

/** The WebView screen of the generated tags (id 20): a value for each, in a grid of 10 columns of
 * 80 × 24 on the sample screen's 800-wide canvas, as tall as the tags need. */
export const SIMULATED_SCREEN_ID = 20;
function simulatedScreen(names: string[]): Project['webview']['screens'][number] {
  const COLUMNS = 10;
  const W = 80;
  const H = 24;
  return {
    id: SIMULATED_SCREEN_ID,
    name: `Simulated tags (${names.length})`,
    width: COLUMNS * W,
    height: Math.max(480, Math.ceil(names.length / COLUMNS) * H),
    elements: names.map((tag, i) => ({ kind: 'value' as const, x: (i % COLUMNS) * W, y: Math.floor(i / COLUMNS) * H, w: W, h: H, tag })),
  };
}

/** The sample project, renamed and extended as asked. */
export function makeProject({ name, model, designVersion, tags = 0 }: MakeProjectOptions): Project {
  const project = projectSchema.parse(structuredClone(sample));
  project.name = name;
  if (model) project.model = model;
  if (designVersion) project.design_software_version = designVersion;
  if (tags > 0) {
    const kinds = ['sine', 'ramp', 'random', 'toggle'] as const;
    const names: string[] = [];
    for (let i = 0; i < tags; i++) {
      const kind = kinds[i % kinds.length]!;
      const tagName = `Sim_${String(i + 1).padStart(5, '0')}`;
      names.push(tagName);
      project.tags.push({
        name: tagName,
        folder: 'Simulated',
        plc: 'Local HMI',
        address: `LW-${1000 + i}`,
        format: '',
        index_register: null,
        data_type: kind === 'toggle' ? 'bit' : 'int16',
        length: 1,
        access: { read: true, write: i % 2 === 0 },
        simulation: { kind, min: 0, max: kind === 'toggle' ? 1 : 1000, period_s: 30 + (i % 90) },
      });
    }
    project.opcua.root.folders.push({ name: 'Simulated', tags: names, folders: [] });
    project.webview.screens.push(simulatedScreen(names));
  }
  return projectSchema.parse(project);
}

/** Writes the pair; answers the two paths. */
export function writeProject(outDir: string, options: MakeProjectOptions): { app: string; crc: string } {
  const { app, crc } = packProject(makeProject(options), options.password);
  fs.mkdirSync(outDir, { recursive: true });
  const files = { app: path.join(outDir, `${options.name}.app`), crc: path.join(outDir, `${options.name}.crc`) };
  fs.writeFileSync(files.app, app);
  fs.writeFileSync(files.crc, `${crc}\n`);
  return files;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      name: { type: 'string' },
      model: { type: 'string' },
      'design-version': { type: 'string' },
      tags: { type: 'string' },
      password: { type: 'string' },
    },
  });
  if (!values.out || !values.name) {
    process.stderr.write('Usage: npm run make:project -- --out <dir> --name <name> [--model <model>] [--design-version <x.yy.zz>] [--tags <n>] [--password <pw>]\n');
    process.exit(2);
  }
  if (!/^[A-Za-z0-9 ._()-]{1,64}$/.test(values.name) || values.name.startsWith('.')) {
    process.stderr.write('--name: 1 to 64 letters, digits, spaces, dots, dashes, underscores or parentheses\n');
    process.exit(2);
  }
  const tags = values.tags === undefined ? 0 : Number(values.tags);
  if (!Number.isInteger(tags) || tags < 0 || tags > 1_000_000) {
    process.stderr.write('--tags: a whole number from 0 to 1000000\n');
    process.exit(2);
  }
  if (values['design-version'] !== undefined && !/^\d+\.\d{2}\.\d{2}$/.test(values['design-version'])) {
    process.stderr.write('--design-version: like 6.04.01\n');
    process.exit(2);
  }
  const files = writeProject(values.out, {
    name: values.name,
    model: values.model,
    designVersion: values['design-version'],
    tags,
    password: values.password,
  });
  const size = fs.statSync(files.app).size;
  process.stdout.write(`Wrote ${files.app} (${size} bytes) and ${files.crc}\n`);
}

if (require.main === module) main();
