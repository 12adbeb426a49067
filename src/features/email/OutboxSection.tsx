import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract/api/define';
import type { outbox as outboxCall } from '../../../contract/api/email';
import type { OutboxState } from '../../../contract/rules/email';
import { useRetryEmailMutation } from '../../../store/api/email-endpoints';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/notice-actions';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { errorMessage } from '../../i18n/error-text';
import { displayTime } from '../../i18n/format';
import { EMAIL_NS, outcomeText } from './messages';

type Outbox = ResponseOf<typeof outboxCall>;
type Mail = Outbox['mails'][number];

const OUTBOX_TABLE_WIDTH = 860;
const STATE_COLOR: Record<OutboxState, 'default' | 'info' | 'success' | 'error'> = { queued: 'default', sending: 'info', sent: 'success', failed: 'error' };

/** The outbox of alarm mails, newest first: state, recipient, subject, time, and why one did not
 * go; a failed mail can be sent again. */
export function OutboxSection({ outbox }: { outbox: Outbox }) {
  const { t } = useTranslation(EMAIL_NS);
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [retry, retrying] = useRetryEmailMutation();

  const onRetry = async (mail: Mail) => {
    const result = await retry(mail.id);
    if ('error' in result) dispatch(noticeShown({ ...errorMessage(result.error, { fallback: 'email:outbox.retry_failed' }), severity: 'error' }));
    else dispatch(noticeShown({ key: 'email:outbox.retried', values: { recipient: mail.recipient }, severity: 'success' }));
  };

  const columns: ListColumn<Mail>[] = [
    { key: 'subject', header: t('outbox.subject'), rowHeader: true, card: 'title', prose: true, cell: (m) => m.subject },
    {
      key: 'state',
      header: t('outbox.state'),
      card: 'aside',
      cell: (m) => <Chip size="small" color={STATE_COLOR[m.state]} label={t(`outbox.states.${m.state}`)} data-testid={`outbox-state-${m.id}`} />,
    },
    { key: 'recipient', header: t('outbox.recipient'), cell: (m) => m.recipient },
    {
      key: 'time',
      header: t('outbox.time'),
      cell: (m) => (
        <>
          {displayTime(m.sent_at ?? m.attempted_at ?? m.created_at)}
          {m.state === 'queued' && m.next_attempt_at && m.attempts > 0 ? (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('outbox.next_attempt', { time: displayTime(m.next_attempt_at), attempts: m.attempts })}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'reason',
      header: t('outbox.reason'),
      prose: true,
      wide: true,
      cell: (m) =>
        m.reason ? (
          <>
            {outcomeText(t, m.reason, m.smtp_code)}
            {m.smtp_reply ? (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', wordBreak: 'break-word' }}>
                {m.smtp_reply}
              </Typography>
            ) : null}
          </>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      headerHidden: true,
      card: 'actions',
      align: 'right',
      cell: (m) =>
        m.state === 'failed' ? (
          <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => void onRetry(m)} disabled={retrying.isLoading} aria-label={t('outbox.retry_named', { recipient: m.recipient })}>
            {t('outbox.retry')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {t('outbox.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('outbox.intro', { perMinute: outbox.max_per_minute, attempts: outbox.max_attempts })}
        </Typography>
        {outbox.mails.length === 0 ? (
          <Typography variant="body2">{t('outbox.empty')}</Typography>
        ) : (
          <Box>
            <ResponsiveTable rows={outbox.mails} rowKey={(m) => m.id} rowTestId={(m) => `mail-${m.id}`} columns={columns} tableMinWidth={OUTBOX_TABLE_WIDTH} labelledBy={titleId} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
