/** A kill -9 at any moment of an OS update, on the real server process: the device comes back
 * with the old or the new OS version, never neither, no update still marked running, nothing left
 * in the staging folder, and the job done if and only if the new version is installed. Each kill
 * is keyed to a moment the device reaches (the image arriving, the image being written, the write
 * finished, the reboot), not to a time, so a slow machine moves the kill with the work. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, type ServerProcess } from '../support/server-process';
import { TEST_PASSWORD } from '../support/device';
import { jsonRequest, loginOver } from '../support/net';
import { osImage } from '../support/os-images';
import { jobSchema, type Job } from '../../contract/api/jobs';
import { osInfoSchema } from '../../contract/api/os';

jest.setTimeout(120_000);

type Moment = 'arriving' | 'writing' | 'written' | 'rebooting';
const MOMENTS: readonly Moment[] = ['arriving', 'writing', 'written', 'rebooting'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('[REL-01] [REL-02] kill -9 during an OS update', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-os-kill-'));
  const incoming = path.join(dataDir, 'os', 'incoming');
  let server: ServerProcess | null = null;
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    if (server) await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Bytes of the image in the staging folder (the upload has begun to arrive). */
  const staged = () => {
    try {
      return fs.readdirSync(incoming).some((d) => fs.readdirSync(path.join(incoming, d)).some((f) => fs.statSync(path.join(incoming, d, f)).size > 0));
    } catch {
      return false;
    }
  };

  it('leaves the old or the new version installed, never neither, whatever the moment', async () => {
    // Writing the image takes its real time (about 2 s); the reboot is short.
    const env = { HMI_OS_REBOOT_S: '2' };
    server = await spawnServer(dataDir, { HMI_INITIAL_PASSWORD: TEST_PASSWORD, ...env });
    let token = (await loginOver(server.httpUrl, 'admin')).access_token;
    let installed = osInfoSchema.parse((await jsonRequest(`${server.httpUrl}/api/v1/os/info`, 'GET', token)).json()).os_version;
    const outcomes: string[] = [];

    for (const [i, moment] of MOMENTS.entries()) {
      const version = `2027020${i}`;
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(osImage({ version, payloadBytes: 24 * 1024 * 1024 }))]), `panel-${version}.bin`);
      let job: Job | null = null;
      let jobId: string | null = null;
      const base = server.httpUrl;
      const sent = fetch(`${base}/api/v1/os/update`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
        .then(async (res) => {
          if (res.status === 202) jobId = ((await res.json()) as { job_id: string }).job_id;
        })
        .catch(() => undefined);

      // Wait for the moment, then kill.
      for (let waited = 0; ; waited += 10) {
        if (waited > 30_000) throw new Error(`the update never reached '${moment}'`);
        if (moment === 'arriving' && staged()) break;
        if (moment !== 'arriving' && jobId) {
          const res = await jsonRequest(`${base}/api/v1/jobs/${jobId}`, 'GET', token).catch(() => null);
          // No answer once the job is done: the device reboots.
          if (!res || res.status !== 200) {
            if (moment === 'rebooting') break;
          } else {
            job = jobSchema.parse(res.json());
            if (moment === 'writing' && job.current_step === 'update_os' && job.bytes && job.bytes.done < job.bytes.total) break;
            if (moment === 'written' && job.state === 'running' && job.bytes && job.bytes.total > 0 && job.bytes.done === job.bytes.total) break;
            if (moment === 'rebooting' && job.state === 'done') break;
            if (job.state !== 'running' && moment !== 'rebooting') throw new Error(`the job ended (${job.state}) before '${moment}'`);
          }
        }
        await sleep(10);
      }
      server.child.kill('SIGKILL');
      await server.exited;
      await sent;

      server = await spawnServer(dataDir, env);
      token = (await loginOver(server.httpUrl, 'admin')).access_token;
      const info = osInfoSchema.parse((await jsonRequest(`${server.httpUrl}/api/v1/os/info`, 'GET', token)).json());
      expect({ moment, version: [installed, version].includes(info.os_version), running: info.running_job }).toEqual({ moment, version: true, running: null });
      expect({ moment, staged: fs.readdirSync(incoming) }).toEqual({ moment, staged: [] });
      if (jobId) {
        const ended = jobSchema.parse((await jsonRequest(`${server.httpUrl}/api/v1/jobs/${jobId}`, 'GET', token)).json());
        expect({ moment, state: ended.state }).toEqual({ moment, state: info.os_version === version ? 'done' : 'failed' });
        if (ended.state === 'failed') expect(ended.error_code).toBe('interrupted');
      }
      outcomes.push(`${moment}: ${info.os_version === version ? 'new' : 'old'}`);
      installed = info.os_version;
    }
    // Both sides of the switch were seen: killed before it, the old version; after it, the new.
    expect(outcomes).toEqual(['arriving: old', 'writing: old', 'written: old', 'rebooting: new']);
    server.child.kill('SIGKILL');
  });
});
