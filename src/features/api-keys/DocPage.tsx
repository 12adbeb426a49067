import { memo, useDeferredValue, useId, useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useOpenApiDocumentQuery } from '../../../store/api/meta-endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { API_NS } from './key-form';
import { groupByTag, readDocument, searchOperations, type ApiDocument, type Operation } from './openapi-model';
import { ParameterList, SchemaView } from './SchemaView';
import { TryIt } from './TryIt';

const METHOD_COLOR = { GET: 'info', POST: 'success', PUT: 'warning', PATCH: 'warning', DELETE: 'error' } as const;

/** Administration / Doc: the device's OpenAPI document (GET /api/v1/openapi.json, generated from
 * the contract) rendered here with no network beyond the device: operations by tag, a search, each
 * operation's parameters, body and answers, and "Try it" with the session's token or a key. A
 * compact renderer of its own: swagger-ui or redoc weigh 300 KB gzipped and more, the route's
 * budget is 350 KB in all. */
export default function DocPage() {
  const { t } = useTranslation(API_NS);
  const query = useOpenApiDocumentQuery();
  const doc = useMemo(() => (query.data ? readDocument(query.data) : null), [query.data]);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.doc', { ns: 'shell' })}
      </Typography>
      {query.isError && !query.data ? (
        <LoadFailed message={t('doc.load_failed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !doc ? (
        <Loading label={t('doc.loading')} />
      ) : (
        <DocBody doc={doc} />
      )}
    </Box>
  );
}

function DocBody({ doc }: { doc: ApiDocument }) {
  const { t } = useTranslation(API_NS);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const groups = useMemo(() => groupByTag(searchOperations(doc.operations, deferred)), [doc, deferred]);
  const shown = groups.reduce((n, g) => n + g.operations.length, 0);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h6" component="p">
          {doc.title} <Typography component="span" color="text.secondary">{doc.version}</Typography>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {doc.description} {t('doc.intro')}
        </Typography>
      </Box>
      <TextField
        type="search"
        label={t('doc.search')}
        placeholder={t('doc.search_hint')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{ input: { endAdornment: <InputAdornment position="end">{t('doc.count', { shown, total: doc.operations.length })}</InputAdornment> } }}
        sx={{ maxWidth: 720, '& .MuiInputBase-root': { minHeight: 48 } }}
      />
      {groups.length === 0 ? (
        <Typography color="text.secondary" data-testid="doc-no-match">
          {t('doc.no_match', { text: search })}
        </Typography>
      ) : (
        groups.map((g) => (
          <Box component="section" key={g.tag} aria-label={g.tag}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {g.tag}
            </Typography>
            {g.operations.map((op) => (
              <OperationItem key={`${op.method} ${op.path}`} op={op} doc={doc} />
            ))}
          </Box>
        ))
      )}
    </Box>
  );
}

const OperationItem = memo(function OperationItem({ op, doc }: { op: Operation; doc: ApiDocument }) {
  const summaryId = useId();
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }} data-testid={`doc-op-${op.id}`}>
      <AccordionSummary id={summaryId} aria-controls={`${summaryId}-details`} sx={{ minHeight: 56 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', flexWrap: 'wrap', minWidth: 0 }}>
          <Chip label={op.method} size="small" color={METHOD_COLOR[op.method as keyof typeof METHOD_COLOR] ?? 'default'} sx={{ fontFamily: 'monospace', minWidth: 64 }} />
          <Typography component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {op.path}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ flexBasis: { xs: '100%', md: 'auto' } }}>
            {op.summary}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-details`}>
        <OperationDetails op={op} doc={doc} />
      </AccordionDetails>
    </Accordion>
  );
});

function OperationDetails({ op, doc }: { op: Operation; doc: ApiDocument }) {
  const { t } = useTranslation(API_NS);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2">
        <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
          {t('doc.access')}{' '}
        </Typography>
        {op.description} <Typography component="span" variant="body2" color="text.secondary">({op.id})</Typography>
      </Typography>
      {op.parameters.length > 0 ? (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('doc.parameters')}
          </Typography>
          <ParameterList parameters={op.parameters} schemas={doc.schemas} />
        </Box>
      ) : null}
      {op.body ? (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('doc.request_body')} <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>{op.body.type}</Typography>
          </Typography>
          <SchemaView schema={op.body.schema} schemas={doc.schemas} />
        </Box>
      ) : null}
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('doc.responses')}
        </Typography>
        {op.responses.map((r) => (
          <Box key={r.status} sx={{ mt: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {r.status} {r.description}{' '}
              {r.type ? (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {r.type}
                </Typography>
              ) : null}
            </Typography>
            {r.schema && r.status.startsWith('2') ? <SchemaView schema={r.schema} schemas={doc.schemas} /> : null}
          </Box>
        ))}
      </Box>
      <TryIt op={op} doc={doc} />
    </Box>
  );
}
