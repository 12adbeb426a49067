import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { useOsInfoQuery } from '../../../store/api/os-endpoints';
import { FactRow } from '../../components/FactRow';
import { QueryPage } from '../../components/QueryPage';
import { SectionCard } from '../../components/SectionCard';
import { SignedFilePicker } from '../../components/SignedFilePicker';
import { errorText } from '../../i18n/error-text';
import { formatBytes } from '../../i18n/format';
import { OsUpdateDialog } from './OsUpdateDialog';
import { useOsUpdate } from './use-os-update';

const NS = 'os';


/** OS Update: the installed version, and an update from a .bin image through the device's reboot. */
export default function OsUpdatePage() {
  const { t } = useTranslation(NS);
  const language = useAppSelector(selectLanguage);
  const info = useOsInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const { actor, snapshot } = useOsUpdate();
  const [image, setImage] = useState<File | null>(null);
  const busy = snapshot.hasTag('busy');

  return (
    <QueryPage
      title={t('menu.os_update', { ns: 'shell' })}
      query={info}
      failedText={t('load_failed')}
      loadingText={t('loading')}
      onRetry={() => void info.refetch()}
      after={<OsUpdateDialog snapshot={snapshot} send={(e) => actor.send(e)} fileName={image?.name ?? ''} language={language} />}
    >
      {(d) => (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <SectionCard titleId="installed-title" title={t('installed.title')}>
              <Box component="dl" sx={{ m: 0 }}>
                <FactRow label={t('installed.version')}>
                  <span data-testid="os-version">{d.os_version}</span>
                </FactRow>
                <FactRow label={t('installed.model')}>{d.model}</FactRow>
                <FactRow label={t('installed.max_image')}>{formatBytes(d.max_image_bytes, language)}</FactRow>
              </Box>
            </SectionCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <SectionCard titleId="update-title" title={t('choose.title')}>
              <Alert severity="info" role="note" sx={{ mb: 2 }}>
                {t('choose.reboot_note', { seconds: d.reboot_seconds })}
              </Alert>
              <SignedFilePicker
                file={image}
                onFile={setImage}
                onStart={(file) => actor.send({ type: 'update.upload', files: { image: file } })}
                maxBytes={d.max_image_bytes}
                disabled={busy}
                language={language}
                testIds={{ drop: 'image-drop', input: 'image-input', chosen: 'chosen-image' }}
                confirmId="os-confirm-title"
                texts={{
                  help: t('choose.help'),
                  choose: t('choose.action'),
                  none: t('choose.none'),
                  start: t('choose.start'),
                  wrongType: t('choose.wrong_type'),
                  tooLarge: `${errorText(t, 'image_too_large')}: ${t('choose.too_large', { max: formatBytes(d.max_image_bytes, language) })}`,
                  confirmTitle: t('confirm.title'),
                  confirmText: (name) => t('confirm.text', { name, seconds: d.reboot_seconds }),
                  confirmCancel: t('confirm.cancel'),
                  confirmStart: t('confirm.start'),
                }}
              />
            </SectionCard>
          </Grid>
        </Grid>
      )}
    </QueryPage>
  );
}
