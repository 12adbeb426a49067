import { z } from 'zod';
import { defineCall, type UploadDef } from './define';
import { OPCUA_ROUTES } from './opcua.routes';
import { secret } from './secret';
import { DATA_TYPES } from '../project-format';
import {
  hasEndpoint,
  NODE_NAME_MAX,
  OPCUA_PASSWORD_MAX,
  OPCUA_USERNAME_MAX,
  OPCUA_USERS_MAX,
  PORT_MAX,
  PORT_MIN,
  SECURITY_MODES,
  TRACE_LEVELS,
} from '../rules/opcua';

const admin = { kind: 'menu', menu: 'opcua', accounts: ['admin'] } as const;

// ---------------------------------------------------------------- node tree

export const opcuaTagSchema = z.object({
  tag_name: z.string().max(NODE_NAME_MAX),
  folder_name: z.string().max(NODE_NAME_MAX),
  type: z.enum(['internal', 'external']),
  plc: z.string().max(NODE_NAME_MAX),
  /** Specification §9: 0 to 16 characters (the rules say which addresses a device has). */
  address: z.string().max(64),
  format: z.string().max(16),
  index_register: z.number().int().min(-1).max(1000).nullable(),
  data_type: z.enum(DATA_TYPES),
  /** Specification §9: 1 to 255 (checked by the rules, so the field error names the range). */
  length: z.number().int().min(-1).max(100000),
  access: z.object({ readable: z.boolean(), writable: z.boolean() }),
});

export interface OpcuaNode {
  id: string;
  name: string;
  kind: 'folder' | 'tag';
  is_tags_folder?: boolean | undefined;
  is_root?: boolean | undefined;
  children?: OpcuaNode[] | undefined;
  tag?: z.infer<typeof opcuaTagSchema> | undefined;
}
export const opcuaNodeSchema: z.ZodType<OpcuaNode> = z
  .object({
    /** A temporary id, unique in one answer or request (the console makes new ones for new nodes). */
    id: z.string().min(1).max(64),
    name: z.string().max(NODE_NAME_MAX),
    kind: z.enum(['folder', 'tag']),
    is_tags_folder: z.boolean().optional(),
    is_root: z.boolean().optional(),
    get children() {
      return z.array(opcuaNodeSchema).max(20000).optional();
    },
    tag: opcuaTagSchema.optional(),
  })
  .meta({ id: 'OpcuaNode' });

export const opcuaNodeTree = defineCall({
  ...OPCUA_ROUTES.opcuaNodeTree,
  tag: 'opcua',
  summary: 'The OPC UA folders and tags the server publishes: the running project\'s, as last saved',
  access: { kind: 'menu', menu: 'opcua' },
  response: z.array(opcuaNodeSchema),
});

/** A node tree as saved: one root folder. */
export const nodeTreeBodySchema = z
  .object({ nodes: z.array(opcuaNodeSchema).length(1) })
  .meta({ id: 'OpcuaNodeTreeBody' });

export const setNodeTree = defineCall({
  ...OPCUA_ROUTES.setNodeTree,
  tag: 'opcua',
  summary:
    'Saves the OPC UA folders and tags (the editor\'s tree): every rule of §5 is checked (400 with the node and field of the first problem); ' +
    'a tag keeps its simulated value when its name and data type stay; a running server restarts briefly to publish the new tree',
  access: admin,
  body: nodeTreeBodySchema,
  response: z.array(opcuaNodeSchema),
  audit: { action: 'set_opcua_node_tree', target: 'opcua.node_tree' },
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

// ---------------------------------------------------------------- server settings

const modes = z.array(z.enum(SECURITY_MODES)).max(2).refine((m) => new Set(m).size === m.length, 'each mode once');

export const securitySchema = z
  .object({
    /** No signing, no encryption: insecure, off by default. */
    none: z.boolean(),
    basic256sha256: modes,
    aes128_sha256_rsaoaep: modes,
    aes256_sha256_rsapss: modes,
  })
  .meta({ id: 'OpcuaSecurity' });

const username = z.string().max(OPCUA_USERNAME_MAX);
const rights = { browse: z.boolean(), read: z.boolean(), write: z.boolean() };

export const opcuaUserSchema = z.object({ username, ...rights }).meta({ id: 'OpcuaUser' });
/** A user as set: the password is write-only; left out, a stored user keeps its own. */
export const opcuaUserInputSchema = z
  .object({ username, password: secret(z.string().max(OPCUA_PASSWORD_MAX)).optional(), ...rights })
  .meta({ id: 'OpcuaUserInput' });

export const discoverySchema = z.object({ url: z.string().max(256), comment: z.string().max(256) }).meta({ id: 'OpcuaDiscovery' });

const settingsFields = {
  enabled: z.boolean(),
  port: z.number().int().min(PORT_MIN).max(PORT_MAX),
  server_name: z.string().min(1).max(64),
  security: securitySchema,
  anonymous: z.boolean(),
  trace_level: z.enum(TRACE_LEVELS),
  discovery: discoverySchema.nullable(),
};

export const opcuaSettingsSchema = z
  .object({ ...settingsFields, users: z.array(opcuaUserSchema).max(OPCUA_USERS_MAX) })
  .meta({ id: 'OpcuaSettings' });

export const opcuaSettingsInputSchema = z
  .object({ ...settingsFields, users: z.array(opcuaUserInputSchema).max(OPCUA_USERS_MAX) })
  .refine((s) => hasEndpoint(s.security), { path: ['security'], message: 'at least one security policy' })
  .meta({ id: 'OpcuaSettingsInput' });

export const getSettings = defineCall({
  ...OPCUA_ROUTES.getSettings,
  tag: 'opcua',
  summary: 'The OPC UA server\'s settings (users without their passwords)',
  access: admin,
  response: opcuaSettingsSchema,
});

export const setSettings = defineCall({
  ...OPCUA_ROUTES.setSettings,
  tag: 'opcua',
  summary:
    'Stores the OPC UA server\'s settings and applies them: enabled starts it, disabled stops it, a change while it runs restarts it briefly. ' +
    '400 for a user without a password, a duplicate user, a bad discovery URL; 409 port_in_use for a port the device\'s own services hold',
  access: admin,
  body: opcuaSettingsInputSchema,
  response: opcuaSettingsSchema,
  audit: { action: 'set_opcua_settings', target: 'opcua.settings' },
});

// ---------------------------------------------------------------- status

export const OPCUA_STATES = ['running', 'stopping', 'stopped'] as const;
export const DISCOVERY_STATES = ['registering', 'registered', 'unavailable', 'unregistering'] as const;
export const OPCUA_START_ERRORS = ['port_in_use', 'start_failed'] as const;

export const opcuaStatusSchema = z
  .object({
    /** Specification §4. */
    state: z.enum(OPCUA_STATES),
    /** Whether the server should run (the setting): running-but-disabled means it is stopping. */
    enabled: z.boolean(),
    /** The server stops to start again with new settings or tags. */
    restarting: z.boolean(),
    /** Where clients connect while it runs (`opc.tcp://host:port`), else null. */
    endpoint_url: z.string().nullable(),
    /** Sessions open now. */
    sessions: z.number().int().min(0),
    /** When the server last started (ISO), while it runs. */
    since: z.string().nullable(),
    /** Why the last start failed, until the next start. */
    error: z.object({ code: z.enum(OPCUA_START_ERRORS), message: z.string() }).nullable(),
    /** The discovery server it registers with, and how that goes. */
    discovery: z.object({ url: z.string(), state: z.enum(DISCOVERY_STATES) }).nullable(),
    /** What a stop waits for: an unavailable discovery server holds a shutdown up (§4). */
    waiting_for: z.enum(['discovery_server']).nullable(),
    /** Client certificates refused and not yet trusted or removed. */
    rejected: z.number().int().min(0),
  })
  .meta({ id: 'OpcuaStatus' });

export const status = defineCall({
  ...OPCUA_ROUTES.status,
  tag: 'opcua',
  summary: 'The OPC UA server\'s state (running, stopping, stopped), its endpoint and its open sessions',
  access: admin,
  response: opcuaStatusSchema,
});

// ---------------------------------------------------------------- trace log

export const traceLineSchema = z.object({
  seq: z.number().int().min(1),
  time: z.string(),
  level: z.enum(['error', 'warning', 'info', 'debug']),
  message: z.string(),
});

export const trace = defineCall({
  ...OPCUA_ROUTES.trace,
  tag: 'opcua',
  summary: 'The trace log\'s lines after `after` (a live tail: ask again with the last `seq`), at most `limit`',
  access: admin,
  query: z.object({
    after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    limit: z.coerce.number().int().min(1).max(1000).default(200),
  }),
  response: z.object({ lines: z.array(traceLineSchema), last_seq: z.number().int().min(0) }).meta({ id: 'OpcuaTrace' }),
});

export const downloadTrace = defineCall({
  ...OPCUA_ROUTES.downloadTrace,
  tag: 'opcua',
  summary: 'The whole trace log as text',
  access: admin,
  download: { contentType: 'text/plain; charset=utf-8' },
  response: z.custom<Blob>(() => true),
});

// ---------------------------------------------------------------- certificates

/** The certificate lists of the server's PKI, besides its own certificate and the rejected clients. */
export const CERTIFICATE_LISTS = ['trusted_clients', 'trusted_users', 'client_issuers', 'user_issuers', 'revocation_lists', 'rejected'] as const;
export type CertificateList = (typeof CERTIFICATE_LISTS)[number];
/** The lists an administrator uploads to (rejected fills itself). */
export const UPLOAD_LISTS = ['trusted_clients', 'trusted_users', 'client_issuers', 'user_issuers', 'revocation_lists'] as const;

export const certificateIdField = z.string().regex(/^[a-f0-9]{40}$/, 'a certificate id the device answered');

export const certificateSchema = z
  .object({
    /** The SHA-1 thumbprint (hex): what OPC UA names a certificate by. */
    id: certificateIdField,
    subject: z.string(),
    /** The application URI of its subject alternative name. */
    uri: z.string().nullable(),
    /** DNS names and IP addresses of its subject alternative name. */
    san: z.array(z.string()),
    organization: z.string().nullable(),
    organization_unit: z.string().nullable(),
    issuer: z.string(),
    valid_from: z.string(),
    valid_to: z.string(),
    signature_algorithm: z.string(),
    /** SHA-256 of the DER, colon-separated: what to compare with the client owner's. */
    fingerprint: z.string(),
    file_name: z.string(),
    expired: z.boolean(),
    /** Rejected clients: when the device first refused it. */
    first_seen: z.string().nullable(),
  })
  .meta({ id: 'OpcuaCertificate' });

export const revocationListSchema = z
  .object({
    id: certificateIdField,
    issuer: z.string(),
    this_update: z.string().nullable(),
    next_update: z.string().nullable(),
    revoked: z.number().int().min(0),
    file_name: z.string(),
  })
  .meta({ id: 'OpcuaRevocationList' });

export const certificatesSchema = z
  .object({
    own: certificateSchema,
    trusted_clients: z.array(certificateSchema),
    trusted_users: z.array(certificateSchema),
    client_issuers: z.array(certificateSchema),
    user_issuers: z.array(certificateSchema),
    revocation_lists: z.array(revocationListSchema),
    rejected: z.array(certificateSchema),
  })
  .meta({ id: 'OpcuaCertificates' });

export const certificates = defineCall({
  ...OPCUA_ROUTES.certificates,
  tag: 'opcua',
  summary: 'The server\'s own certificate and its trust lists: trusted clients and users, issuers, revocation lists, and rejected clients',
  access: admin,
  response: certificatesSchema,
});

const certParams = z.object({ id: certificateIdField });

export const trustRejected = defineCall({
  ...OPCUA_ROUTES.trustRejected,
  tag: 'opcua',
  summary: 'Moves a rejected client certificate to the trusted clients: that client connects from then on',
  access: admin,
  params: certParams,
  response: certificatesSchema,
  audit: { action: 'trust_opcua_certificate', target: 'opcua.certificates' },
});

export const regenerateOwn = defineCall({
  ...OPCUA_ROUTES.regenerateOwn,
  tag: 'opcua',
  summary: 'Makes a new self-signed certificate for the server (clients must trust the new one); a running server restarts briefly',
  access: admin,
  response: certificatesSchema,
  audit: { action: 'regenerate_opcua_certificate', target: 'opcua.certificates' },
});

/** The largest certificate, key or revocation list taken. */
export const MAX_CERTIFICATE_BYTES = 64 * 1024;

export const ownCertificateUpload = {
  files: {
    certificate: { summary: 'The server certificate (DER or PEM)', accept: ['.der', '.pem', '.crt', '.cer'], required: true },
    private_key: { summary: 'Its private key (PEM, unencrypted)', accept: ['.pem', '.key'], required: true },
  },
} satisfies UploadDef;

export const uploadOwn = defineCall({
  ...OPCUA_ROUTES.uploadOwn,
  tag: 'opcua',
  summary: 'Replaces the server\'s certificate and private key (400 key_mismatch when they do not belong together); a running server restarts briefly',
  access: admin,
  upload: ownCertificateUpload,
  response: certificatesSchema,
  audit: { action: 'upload_opcua_certificate', target: 'opcua.certificates.own' },
});

export const certificateUpload = {
  files: {
    file: { summary: 'A certificate (DER or PEM), or for revocation_lists a CRL', accept: ['.der', '.pem', '.crt', '.cer', '.crl'], required: true },
  },
} satisfies UploadDef;

export const uploadCertificate = defineCall({
  ...OPCUA_ROUTES.uploadCertificate,
  tag: 'opcua',
  summary: 'Adds a certificate (or a revocation list) to a list; 400 invalid_certificate when the file is not one',
  access: admin,
  params: z.object({ list: z.enum(UPLOAD_LISTS) }),
  upload: certificateUpload,
  response: certificatesSchema,
  audit: { action: 'upload_opcua_certificate', target: 'opcua.certificates' },
});

export const removeCertificate = defineCall({
  ...OPCUA_ROUTES.removeCertificate,
  tag: 'opcua',
  summary: 'Removes a certificate (or revocation list) from a list; 404 when it is not there',
  access: admin,
  params: z.object({ list: z.enum(CERTIFICATE_LISTS), id: certificateIdField }),
  response: certificatesSchema,
  audit: { action: 'remove_opcua_certificate', target: 'opcua.certificates' },
});

export const downloadCertificate = defineCall({
  ...OPCUA_ROUTES.downloadCertificate,
  tag: 'opcua',
  summary: 'A certificate of a list as DER (own: the server\'s, for clients to trust)',
  access: admin,
  params: z.object({ list: z.enum([...CERTIFICATE_LISTS, 'own']), id: certificateIdField }),
  download: { contentType: 'application/pkix-cert' },
  response: z.custom<Blob>(() => true),
});

export type OpcuaSettings = z.infer<typeof opcuaSettingsSchema>;
export type OpcuaSettingsInput = z.infer<typeof opcuaSettingsInputSchema>;
export type OpcuaStatus = z.infer<typeof opcuaStatusSchema>;
export type OpcuaCertificate = z.infer<typeof certificateSchema>;
export type OpcuaCertificates = z.infer<typeof certificatesSchema>;
