import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { API_NS } from './key-form';
import { constraintsOf, resolve, typeText, type JsonSchema, type Parameter } from './openapi-model';

const MAX_DEPTH = 5;
const MONO = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** One field: its name (required ones marked), its type, its limits and description. */
function FieldLine({ name, required, schema, schemas }: { name: string; required: boolean; schema: JsonSchema; schemas: Record<string, JsonSchema> }) {
  const { t } = useTranslation(API_NS);
  const limits = constraintsOf(schema);
  return (
    <Typography variant="body2" component="div" sx={{ py: 0.25 }}>
      <Box component="span" sx={{ ...MONO, fontWeight: 600 }}>
        {name}
      </Box>
      {required ? (
        <Box component="span" sx={{ color: 'error.main' }} title={t('doc.required')} aria-label={t('doc.required')}>
          {' *'}
        </Box>
      ) : null}
      <Box component="span" sx={{ ...MONO, color: 'text.secondary' }}>
        {' '}
        {typeText(schema, schemas)}
      </Box>
      {limits.length > 0 ? (
        <Box component="span" sx={{ ...MONO, color: 'text.secondary' }}>
          {' · '}
          {limits.join(', ')}
        </Box>
      ) : null}
      {schema.description ? <Box component="span">{` — ${schema.description}`}</Box> : null}
    </Typography>
  );
}

/** The fields a schema is made of, nested objects (and the items of arrays of objects) indented
 * under their field; a named schema met again inside itself is named, not repeated. */
function Fields({ schema, schemas, depth, seen }: { schema: JsonSchema; schemas: Record<string, JsonSchema>; depth: number; seen: readonly string[] }) {
  const { schema: s, name } = resolve(schema, schemas);
  if (depth > MAX_DEPTH || (name !== null && seen.includes(name))) return null;
  const inner = name ? [...seen, name] : seen;
  const target = s.type === 'array' && s.items ? resolve(s.items, schemas) : { schema: s, name: null };
  const obj = target.schema;
  const alternatives = obj.anyOf ?? obj.oneOf;
  if (alternatives) {
    return (
      <>
        {alternatives.map((alt, i) => (
          <Fields key={i} schema={alt} schemas={schemas} depth={depth + 1} seen={target.name ? [...inner, target.name] : inner} />
        ))}
      </>
    );
  }
  if (!obj.properties) return null;
  const required = obj.required ?? [];
  const nextSeen = target.name ? [...inner, target.name] : inner;
  return (
    <Box sx={{ pl: depth === 0 ? 0 : 2, borderLeft: depth === 0 ? 0 : 1, borderColor: 'divider' }}>
      {Object.entries(obj.properties).map(([key, prop]) => (
        <Box key={key}>
          <FieldLine name={key} required={required.includes(key)} schema={prop} schemas={schemas} />
          <Fields schema={prop} schemas={schemas} depth={depth + 1} seen={nextSeen} />
        </Box>
      ))}
    </Box>
  );
}

/** A schema in a readable form: its type on top, then its fields. */
export function SchemaView({ schema, schemas }: { schema: JsonSchema; schemas: Record<string, JsonSchema> }) {
  return (
    <Box sx={{ mt: 0.5, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Typography variant="body2" sx={{ ...MONO, color: 'text.secondary' }}>
        {typeText(schema, schemas)}
      </Typography>
      <Fields schema={schema} schemas={schemas} depth={0} seen={[]} />
    </Box>
  );
}

/** The path and query parameters, each with where it goes. */
export function ParameterList({ parameters, schemas }: { parameters: readonly Parameter[]; schemas: Record<string, JsonSchema> }) {
  const { t } = useTranslation(API_NS);
  return (
    <Box sx={{ mt: 0.5, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      {parameters.map((p) => (
        <Box key={`${p.in}:${p.name}`} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Typography variant="caption" color="text.secondary" sx={{ minWidth: 48 }}>
            {t(`doc.in_${p.in}`)}
          </Typography>
          <FieldLine name={p.name} required={p.required} schema={p.schema} schemas={schemas} />
        </Box>
      ))}
    </Box>
  );
}
