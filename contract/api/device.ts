import { z } from 'zod';
import { defineCall } from './define';
import { ROUTES } from './routes';
import { DATA_TYPES } from '../project-format';

export const logoName = defineCall({
  ...ROUTES.logoName,
  tag: 'project',
  summary: 'The product model name shown in the logo area',
  access: { kind: 'authenticated' },
  response: z.object({ name: z.string() }),
});

export const webviewStatus = defineCall({
  ...ROUTES.webviewStatus,
  tag: 'webview',
  summary: "Whether WebView is enabled ('1') or not ('0')",
  access: { kind: 'authenticated' },
  response: z.object({ status: z.enum(['1', '0']) }),
});

export const webviewUserSchema = z.object({
  username: z.string(),
  role: z.enum(['control', 'view_only']),
  enabled: z.boolean(),
});

export const webviewUserList = defineCall({
  ...ROUTES.webviewUserList,
  tag: 'webview',
  summary: 'The WebView users',
  access: { kind: 'menu', menu: 'webview_setting' },
  response: z.array(webviewUserSchema),
});

export const webviewAutoLogin = defineCall({
  ...ROUTES.webviewAutoLogin,
  tag: 'webview',
  summary: 'Automatic sign-in as a chosen WebView user',
  access: { kind: 'menu', menu: 'webview_setting' },
  response: z.object({ enabled: z.boolean(), username: z.string().nullable() }),
});

export const webviewTimeout = defineCall({
  ...ROUTES.webviewTimeout,
  tag: 'webview',
  summary: 'The WebView idle timeout (off by default, 60 minutes when on)',
  access: { kind: 'menu', menu: 'webview_setting' },
  response: z.object({ enabled: z.boolean(), minutes: z.number().int().min(1).max(1440) }),
});

export const webviewPassword = defineCall({
  ...ROUTES.webviewPassword,
  tag: 'webview',
  summary: 'Whether WebView users may sign in without a password',
  access: { kind: 'menu', menu: 'webview_setting' },
  response: z.object({ password_free: z.boolean() }),
});

export const opcuaTagSchema = z.object({
  tag_name: z.string(),
  folder_name: z.string(),
  type: z.enum(['internal', 'external']),
  plc: z.string(),
  address: z.string(),
  format: z.string(),
  index_register: z.number().int().nullable(),
  data_type: z.enum(DATA_TYPES),
  length: z.number().int(),
  access: z.object({ readable: z.boolean(), writable: z.boolean() }),
});

export interface OpcuaNode {
  id: string;
  name: string;
  kind: 'folder' | 'tag';
  is_tags_folder?: boolean;
  is_root?: boolean;
  children?: OpcuaNode[];
  tag?: z.infer<typeof opcuaTagSchema>;
}
export const opcuaNodeSchema: z.ZodType<OpcuaNode> = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(['folder', 'tag']),
    is_tags_folder: z.boolean().optional(),
    is_root: z.boolean().optional(),
    get children() {
      return z.array(opcuaNodeSchema).optional();
    },
    tag: opcuaTagSchema.optional(),
  })
  .meta({ id: 'OpcuaNode' });

export const opcuaNodeTree = defineCall({
  ...ROUTES.opcuaNodeTree,
  tag: 'opcua',
  summary: 'The OPC UA folders and tags of the loaded project',
  access: { kind: 'menu', menu: 'opcua' },
  response: z.array(opcuaNodeSchema),
});

export const driverTableSchema = z.array(
  z.object({
    device: z.string(),
    device_type: z.string(),
    protocol: z.string(),
    address_types: z.array(z.object({ name: z.string(), kind: z.enum(['bit', 'word']), min: z.number(), max: z.number() })),
  }),
);

export const opcuaDriverTable = defineCall({
  ...ROUTES.opcuaDriverTable,
  tag: 'opcua',
  summary: 'The address table of every communication device of the loaded project',
  access: { kind: 'menu', menu: 'opcua' },
  response: driverTableSchema,
});

export const resetProject = defineCall({
  ...ROUTES.resetProject,
  tag: 'cgi',
  summary: 'Device licence query (resetsele=28 only): includes the SECS/GEM licence flag',
  access: { kind: 'authenticated' },
  query: z.object({ resetsele: z.literal('28') }),
  response: z.object({ resetsele: z.literal(28), secs: z.enum(['true', 'false']) }),
});

export const openApiDocument = defineCall({
  ...ROUTES.openApiDocument,
  tag: 'meta',
  summary: 'This API as an OpenAPI 3.1 document, generated from the contract',
  access: { kind: 'menu', menu: 'api' },
  response: z.record(z.string(), z.unknown()),
});
