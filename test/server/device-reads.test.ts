/** Read-only device calls: WebView settings, the OPC UA tree and driver table of the sample
 * project, the licence query of the reset CGI, the model and the OpenAPI document. */
import { startTestDevice, type TestDevice } from '../support/device';
import { ALL_CALLS } from '../../contract/api';
import type { OpcuaNode } from '../../contract/api/opcua';
import sample from '../../server/sample-project/sample-project.json';

describe('device reads', () => {
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    t = await startTestDevice();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  describe('WebView', () => {
    it("reports WebView enabled as '1' to any account, and '0' once disabled", async () => {
      const viewer = await t.login('cmt_default_view_only_user');
      expect((await t.call('GET', '/api/v1/webview/status', viewer)).json()).toEqual({ status: '1' });
      t.device.settings.set('webview', { ...t.device.settings.get('webview'), enabled: false });
      expect((await t.call('GET', '/api/v1/webview/status', viewer)).json()).toEqual({ status: '0' });
      t.device.settings.set('webview', { ...t.device.settings.get('webview'), enabled: true });
    });

    it('lists the two WebView users with their roles', async () => {
      expect((await t.call('GET', '/api/v1/webview/userlist', admin)).json()).toEqual([
        { username: 'cmt_default_control_user', role: 'control', enabled: true },
        { username: 'cmt_default_view_only_user', role: 'view_only', enabled: true },
      ]);
    });

    it('reads automatic login off, the idle timeout off at 60 minutes, and passwords required', async () => {
      expect((await t.call('GET', '/api/v1/webview/autologin', admin)).json()).toEqual({ enabled: false, username: null });
      expect((await t.call('GET', '/api/v1/webview/timeout', admin)).json()).toEqual({ enabled: false, minutes: 60 });
      expect((await t.call('GET', '/api/v1/webview/password', admin)).json()).toEqual({ password_free: false });
    });

    it('keeps the WebView setting reads from the WebView users themselves', async () => {
      const control = await t.login('cmt_default_control_user');
      for (const path of ['userlist', 'autologin', 'timeout', 'password']) {
        expect((await t.call('GET', `/api/v1/webview/${path}`, control)).statusCode).toBe(403);
      }
    });
  });

  describe('OPC UA', () => {
    it('answers the folders and tags of the sample project', async () => {
      const res = await t.call('GET', '/api/v1/opcua/node-tree', admin);
      expect(res.statusCode).toBe(200);
      const tree = res.json() as OpcuaNode[];
      expect(tree).toHaveLength(1);
      const root = tree[0]!;
      expect(root).toMatchObject({ name: sample.opcua.root.name, kind: 'folder', is_root: true });
      expect(root.children!.map((c) => c.name)).toEqual(['Tanks', 'Pumps', 'Line']);
      const tanks = root.children![0]!;
      expect(tanks.is_tags_folder).toBe(true);
      expect(tanks.children!.map((c) => c.name)).toEqual(['Tank1_Level', 'Tank1_Temperature', 'Tank1_Setpoint']);
      expect(tanks.children![2]!.tag).toEqual({
        tag_name: 'Tank1_Setpoint',
        folder_name: 'Tanks',
        type: 'external',
        plc: 'PLC1',
        address: '4x-102',
        format: 'DDDDD',
        index_register: null,
        data_type: 'uint16',
        length: 1,
        access: { readable: true, writable: true },
      });
      const speed = root.children![1]!.children!.find((c) => c.name === 'Pump1_Speed')!;
      expect(speed.tag).toMatchObject({ index_register: 0, access: { readable: true, writable: true } });
      const level = tanks.children![0]!;
      expect(level.tag!.access).toEqual({ readable: true, writable: false });
    });

    it('gives every node of one answer a distinct id', async () => {
      const ids: string[] = [];
      const walk = (n: OpcuaNode) => {
        ids.push(n.id);
        n.children?.forEach(walk);
      };
      ((await t.call('GET', '/api/v1/opcua/node-tree', admin)).json() as OpcuaNode[]).forEach(walk);
      expect(ids.length).toBe(1 + 3 + 6);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('answers the address table of every communication device', async () => {
      const res = await t.call('GET', '/api/v1/opcua/driver-table', admin);
      expect(res.statusCode).toBe(200);
      const table = res.json() as { device: string; device_type: string; protocol: string; address_types: unknown[] }[];
      expect(table.map((d) => d.device)).toEqual(sample.devices.map((d) => d.name));
      expect(table[1]).toEqual({
        device: 'PLC1',
        device_type: 'Modbus Server',
        protocol: 'Modbus TCP/IP',
        address_types: sample.devices[1]!.address_types,
      });
    });

    it('keeps OPC UA from update and history', async () => {
      for (const a of ['update', 'history'] as const) {
        expect((await t.call('GET', '/api/v1/opcua/node-tree', await t.login(a))).statusCode).toBe(403);
      }
    });
  });

  describe('reset CGI licence query', () => {
    it("answers resetsele=28 with the SECS licence flag 'false' on a new device", async () => {
      const res = await t.call('GET', '/cgi/reset_pj.cgi?resetsele=28', await t.login('history'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ resetsele: 28, secs: 'false' });
    });

    it("answers 'true' once the device has the licence", async () => {
      t.device.settings.set('secs_license', true);
      expect((await t.call('GET', '/cgi/reset_pj.cgi?resetsele=28', admin)).json()).toEqual({ resetsele: 28, secs: 'true' });
      t.device.settings.set('secs_license', false);
    });

    it.each(['1', '0', '29', '28.0', ' 28', ''])('answers resetsele=%j with 400', async (value) => {
      const res = await t.call('GET', `/cgi/reset_pj.cgi?resetsele=${encodeURIComponent(value)}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'resetsele' });
    });

    it('answers a missing resetsele with 400', async () => {
      const res = await t.call('GET', '/cgi/reset_pj.cgi', admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure' });
    });
  });

  describe('model, specification and API document', () => {
    it('answers the model name and the device specification', async () => {
      const history = await t.login('history');
      expect((await t.call('GET', '/api/v1/project/management/logoname', history)).json()).toEqual({ name: 'HMI-X1070' });
      expect((await t.call('GET', '/api/v1/system/web/specification', history)).json()).toEqual({
        usermode: true,
        ethernet_count: 2,
        wifi_count: 1,
        led: true,
      });
    });

    it('serves the OpenAPI document of every call to admin, and refuses it to update', async () => {
      const res = await t.call('GET', '/api/v1/openapi.json', admin);
      expect(res.statusCode).toBe(200);
      const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
      expect(doc.openapi).toBe('3.1.0');
      const ids = Object.values(doc.paths).flatMap((m) => Object.values(m).map((op) => op.operationId));
      expect(ids.sort()).toEqual(ALL_CALLS.map((c) => c.id).sort());
      expect((await t.call('GET', '/api/v1/openapi.json', await t.login('update'))).statusCode).toBe(403);
    });
  });
});
