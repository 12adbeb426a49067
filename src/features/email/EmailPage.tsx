import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useEmailOutboxQuery } from '../../../store/api/email-endpoints';
import { FeatureNotEnabled } from '../../components/FeatureNotEnabled';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { ContactsSection } from './ContactsSection';
import { GroupsSection } from './GroupsSection';
import { OutboxSection } from './OutboxSection';
import { SmtpSection } from './SmtpSection';
import { EMAIL_NS } from './messages';

/** The outbox is read again this often while the screen is open (mails go out in the background). */
export const OUTBOX_POLL_MS = 5_000;

const TABS = ['smtp', 'contacts', 'groups', 'outbox'] as const;
type TabName = (typeof TABS)[number];

/** E-mail (specification §3): the SMTP settings and a test mail, contacts, groups and the outbox
 * of alarm mails, one tab each. When the running project does not enable e-mail, the screen says
 * so first (§2); the settings stay open to prepare. */
export default function EmailPage() {
  const { t } = useTranslation(EMAIL_NS);
  const [tab, setTab] = useState<TabName>('smtp');
  const outbox = useEmailOutboxQuery(undefined, { pollingInterval: OUTBOX_POLL_MS, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true });

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.email', { ns: 'shell' })}
      </Typography>
      {outbox.isError && !outbox.data ? (
        <Box sx={{ mb: 2 }}>
          <LoadFailed message={t('outbox.load_failed')} error={outbox.error} onRetry={() => void outbox.refetch()} />
        </Box>
      ) : null}
      {outbox.data && !outbox.data.enabled ? (
        <Box sx={{ mb: 2 }} data-testid="email-not-enabled">
          <FeatureNotEnabled message={t('not_enabled')} />
        </Box>
      ) : null}
      <Tabs value={tab} onChange={(_e, v: TabName) => setTab(v)} variant="scrollable" scrollButtons="auto" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} aria-label={t('tabs.label')}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`tabs.${name}`)} id={`email-tab-${name}`} aria-controls={`email-panel-${name}`} sx={{ minHeight: 48 }} data-testid={`email-tab-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`email-panel-${tab}`} aria-labelledby={`email-tab-${tab}`}>
        {tab === 'smtp' ? <SmtpSection /> : null}
        {tab === 'contacts' ? <ContactsSection /> : null}
        {tab === 'groups' ? <GroupsSection /> : null}
        {tab === 'outbox' ? (
          outbox.data ? (
            <OutboxSection outbox={outbox.data} />
          ) : outbox.isError ? null : (
            <Loading label={t('outbox.loading')} />
          )
        ) : null}
      </Box>
    </Box>
  );
}
