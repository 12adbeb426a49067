import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/notice-actions';
import { useDownloadOpcuaTraceMutation, useOpcuaSettingsQuery } from '../../../store/api/opcua-endpoints';
import { DownloadIcon } from '../../components/icons';
import { errorMessage, errorText } from '../../i18n/error-text';
import { displayTime } from '../../i18n/format';
import { OPCUA_NS } from './messages';
import { useTraceTail, type TraceLine } from './use-trace-tail';

/** The mark beside each line (its level is also written out: the colour is not the only sign). */
const LEVEL_COLOR: Record<TraceLine['level'], string> = {
  error: 'error.main',
  warning: 'warning.main',
  info: 'info.main',
  debug: 'divider',
};

/** A time the device wrote: as §7 shows times when it is one, else as written. */
function lineTime(time: string): string {
  return Number.isNaN(Date.parse(time)) ? time : displayTime(time);
}

/** The trace log (§1): its newest lines followed live, each with its level; Pause holds the view,
 * Download saves the whole log. */
export function TraceLogCard() {
  const { t } = useTranslation(OPCUA_NS);
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [paused, setPaused] = useState(false);
  const [downloadTrace, downloading] = useDownloadOpcuaTraceMutation();
  const tail = useTraceTail(paused);
  const settings = useOpcuaSettingsQuery();
  const box = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  // Keeps the newest line in view, unless the user scrolled up to read.
  useEffect(() => {
    const el = box.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [tail.lines]);

  const download = async () => {
    const result = await downloadTrace();
    if ('error' in result) dispatch(noticeShown({ ...errorMessage(result.error, { fallback: 'opcua:trace.download_failed' }), severity: 'error' }));
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
            {t('trace.title')}
          </Typography>
          <Button
            variant="outlined"
            aria-pressed={paused}
            onClick={() => {
              if (paused) tail.readNow();
              setPaused(!paused);
            }}
          >
            {paused ? t('trace.resume') : t('trace.pause')}
          </Button>
          <Button variant="outlined" startIcon={<DownloadIcon />} loading={downloading.isLoading} onClick={() => void download()}>
            {t('trace.download')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {paused ? t('trace.paused_hint') : t('trace.live_hint')}
        </Typography>
        <Box
          ref={box}
          role="log"
          aria-live="off"
          aria-label={t('trace.lines')}
          tabIndex={0}
          onScroll={(e) => {
            const el = e.currentTarget;
            following.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
          }}
          sx={{
            height: { xs: 260, md: 320 },
            overflow: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1,
            fontFamily: 'monospace',
            fontSize: 13,
            bgcolor: 'action.hover',
          }}
        >
          {tail.lines.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'inherit' }}>
              {tail.loaded ? t('trace.empty') : t('trace.loading')}
            </Typography>
          ) : (
            tail.lines.map((line) => (
              <Box
                key={line.seq}
                sx={{ display: 'flex', gap: 1, alignItems: 'baseline', py: 0.25, pl: 1, borderLeft: 3, borderColor: LEVEL_COLOR[line.level] }}
                data-testid="trace-line"
              >
                <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  {lineTime(line.time)}
                </Box>
                <Box component="span" sx={{ fontWeight: line.level === 'debug' ? 400 : 600, minWidth: 72, whiteSpace: 'nowrap' }}>
                  {t(`trace.levels.${line.level}`)}
                </Box>
                <Box component="span" sx={{ wordBreak: 'break-word' }}>
                  {line.message}
                </Box>
              </Box>
            ))
          )}
        </Box>
        {/* Below the lines: these notes come after the page opened (tracing off, once the
            settings answer) or come and go (a failed read, with each poll), and would move the
            lines, which keep their fixed box, if they stood above them. */}
        {settings.data?.trace_level === 'off' ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('trace.off')}
          </Alert>
        ) : null}
        {tail.error ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('trace.read_failed', { reason: errorText(t, tail.error) })}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
