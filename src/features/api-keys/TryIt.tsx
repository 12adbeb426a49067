import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store';
import { API_NS } from './key-form';
import { exampleOf, requestUrl, type ApiDocument, type Operation } from './openapi-model';

const TOUCH = { minHeight: 44 } as const;
const MONO = { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
/** Bodies longer than this are cut in the answer shown (a data log export can be megabytes). */
const SHOWN_BODY_CHARS = 20_000;

interface Answer {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  ms: number;
}

type Sent = { kind: 'idle' } | { kind: 'sending' } | { kind: 'answered'; answer: Answer } | { kind: 'failed'; message: string };

const isText = (type: string) => type === '' || /json|text|xml|csv|urlencoded/.test(type);

/** "Try it": the operation's path and query parameters and its body as JSON, sent with the
 * session's own token or a pasted API key, and the answer shown as it came (status, headers, body). */
export function TryIt({ op, doc }: { op: Operation; doc: ApiDocument }) {
  const { t } = useTranslation(API_NS);
  const token = useAppSelector((s) => s.session.accessToken);
  const headingId = useId();
  const [auth, setAuth] = useState<'session' | 'key'>('session');
  const [key, setKey] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const multipart = op.body?.type === 'multipart/form-data';
  const [body, setBody] = useState(() => (op.body && !multipart ? JSON.stringify(exampleOf(op.body.schema, doc.schemas), null, 2) : ''));
  const [sent, setSent] = useState<Sent>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const missing = op.parameters.find((p) => p.required && (values[p.name] ?? '') === '');
    if (missing) return setProblem(t('doc.try.missing', { name: missing.name }));
    const bearer = auth === 'key' ? key.trim() : token;
    if (op.secured && !bearer) return setProblem(t(auth === 'key' ? 'doc.try.no_key' : 'doc.try.no_session'));
    let payload: string | undefined;
    const headers: Record<string, string> = {};
    if (op.body && !multipart) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body || 'null');
      } catch {
        return setProblem(t('doc.try.bad_json'));
      }
      if (op.body.type === 'application/x-www-form-urlencoded') {
        payload = new URLSearchParams(Object.entries((parsed ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString();
      } else {
        payload = JSON.stringify(parsed);
      }
      headers['content-type'] = op.body.type;
    }
    if (op.secured && bearer) headers.authorization = `Bearer ${bearer}`;
    setSent({ kind: 'sending' });
    const started = performance.now();
    try {
      const res = await fetch(new URL(requestUrl(op, values), window.location.origin).toString(), { method: op.method, headers, body: payload, credentials: 'omit', cache: 'no-store' });
      const type = res.headers.get('content-type') ?? '';
      let text: string;
      if (isText(type)) {
        text = await res.text();
        if (type.includes('json')) {
          try {
            text = JSON.stringify(JSON.parse(text), null, 2);
          } catch {
            // shown as it came
          }
        }
        if (text.length > SHOWN_BODY_CHARS) text = `${text.slice(0, SHOWN_BODY_CHARS)}\n${t('doc.try.cut', { size: text.length })}`;
      } else {
        text = t('doc.try.binary', { size: (await res.arrayBuffer()).byteLength, type });
      }
      setSent({ kind: 'answered', answer: { status: res.status, statusText: res.statusText, headers: [...res.headers.entries()], body: text, ms: Math.round(performance.now() - started) } });
    } catch {
      setSent({ kind: 'failed', message: t('doc.try.unreachable') });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void send(e)} aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {t('doc.try.title')}
      </Typography>
      {op.secured ? (
        <Box>
          <RadioGroup row value={auth} onChange={(e) => setAuth(e.target.value as 'session' | 'key')} aria-label={t('doc.try.auth')}>
            <FormControlLabel value="session" control={<Radio />} label={t('doc.try.auth_session')} sx={{ ...TOUCH, mr: 3 }} />
            <FormControlLabel value="key" control={<Radio />} label={t('doc.try.auth_key')} sx={TOUCH} />
          </RadioGroup>
          {auth === 'key' ? (
            <TextField
              label={t('doc.try.key')}
              value={key}
              onChange={(e) => setKey(e.target.value)}
              type="password"
              autoComplete="off"
              fullWidth
              helperText={t('doc.try.key_hint')}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
          ) : null}
        </Box>
      ) : null}
      {op.parameters.map((p) => (
        <TextField
          key={`${p.in}:${p.name}`}
          label={`${p.name}${p.required ? ' *' : ''}`}
          helperText={t(`doc.in_${p.in}`)}
          value={values[p.name] ?? ''}
          onChange={(e) => setValues((v) => ({ ...v, [p.name]: e.target.value }))}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
          sx={{ maxWidth: 480 }}
        />
      ))}
      {multipart ? (
        <Alert severity="info" role="note">{t('doc.try.multipart')}</Alert>
      ) : op.body ? (
        <TextField
          label={t('doc.try.body')}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          minRows={3}
          maxRows={16}
          slotProps={{ htmlInput: { spellCheck: false, style: MONO } }}
          helperText={t('doc.try.body_hint')}
        />
      ) : null}
      {op.method !== 'GET' ? <Alert severity="warning" role="note">{t('doc.try.changes')}</Alert> : null}
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Box>
        <Button type="submit" variant="contained" sx={TOUCH} loading={sent.kind === 'sending'} disabled={multipart}>
          {t('doc.try.send')}
        </Button>
      </Box>
      {sent.kind === 'failed' ? (
        <Alert severity="error" role="alert">
          {sent.message}
        </Alert>
      ) : null}
      {sent.kind === 'answered' ? <AnswerView answer={sent.answer} /> : null}
    </Box>
  );
}

function AnswerView({ answer }: { answer: Answer }) {
  const { t } = useTranslation(API_NS);
  const ok = answer.status >= 200 && answer.status < 300;
  return (
    <Box sx={{ display: 'grid', gap: 1 }} role="status" data-testid="doc-try-answer">
      <Typography variant="body2" sx={{ fontWeight: 600, color: ok ? 'success.main' : 'error.main' }} data-testid="doc-try-status">
        {t('doc.try.status', { status: answer.status, text: answer.statusText, ms: answer.ms })}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('doc.try.headers')}
      </Typography>
      <Box component="pre" sx={{ ...MONO, m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
        {answer.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('doc.try.answer_body')}
      </Typography>
      <Box component="pre" sx={{ ...MONO, m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, maxHeight: 480, overflow: 'auto' }} data-testid="doc-try-body">
        {answer.body}
      </Box>
    </Box>
  );
}
