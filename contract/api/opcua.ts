import { z } from 'zod';
import { defineCall } from './define';
import { OPCUA_ROUTES } from './opcua.routes';
import { DATA_TYPES } from '../project-format';

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
  ...OPCUA_ROUTES.opcuaNodeTree,
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
  ...OPCUA_ROUTES.opcuaDriverTable,
  tag: 'opcua',
  summary: 'The address table of every communication device of the loaded project',
  access: { kind: 'menu', menu: 'opcua' },
  response: driverTableSchema,
});
