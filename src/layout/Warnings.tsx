import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { pathOf } from '../app/screens';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LinkedText } from '../components/LinkedText';
import { useAppDispatch, useAppSelector } from '../../store';
import { insecureWarningHiddenSet, selectInsecureWarningHidden } from '../../store/app-slice';
import { useLegacyHashQuery } from '../../store/api/system-endpoints';

interface Props {
  isAdmin: boolean;
  /** 0 while the first-run wizard has not been completed. */
  stateCode: 0 | 1;
  /** The page was loaded over plain HTTP. */
  insecure: boolean;
}

/** Whether the not-secure warning applies: a page over plain HTTP, once the first run is done. */
export function insecureWarningApplies({ stateCode, insecure }: Pick<Props, 'stateCode' | 'insecure'>): boolean {
  return insecure && stateCode !== 0;
}

/** One warning: admin gets the text with a link to the screen that resolves it, others plain text. */
function Warning({ testId, linked, textKey, linkedKey, to, action }: { testId: string; linked: boolean; textKey: string; linkedKey: string; to: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" variant="filled" data-testid={testId} action={action} sx={{ maxWidth: 560, alignItems: 'center' }}>
      {linked ? (
        <LinkedText text={t(linkedKey)} link={<Link component={RouterLink} to={to} color="inherit" underline="always" />} />
      ) : (
        t(textKey)
      )}
    </Alert>
  );
}

/**
 * The persistent bottom-right warnings of specification §2, in a band at the foot of the content
 * column: it sticks to the bottom of the window, takes its own room in the page (the end of a
 * screen scrolls above it) and the page's scroll padding keeps whatever is brought into view (a
 * focused field, a control scrolled to) above it, so it never covers a control. The not-secure
 * warning can be put away for the session; the top bar then offers it again.
 */
export function Warnings({ isAdmin, stateCode, insecure }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const hidden = useAppSelector(selectInsecureWarningHidden);
  const legacy = useLegacyHashQuery();
  const oldFormat = (legacy.data?.length ?? 0) > 0;
  const showInsecure = insecureWarningApplies({ stateCode, insecure }) && !hidden;
  const band = useRef<HTMLDivElement>(null);
  const shown = showInsecure || oldFormat;

  useEffect(() => {
    const el = band.current;
    const root = document.documentElement;
    if (!el) return undefined;
    const keepClear = () => {
      root.style.scrollPaddingBottom = `${el.getBoundingClientRect().height}px`;
    };
    keepClear();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keepClear);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <Box
      ref={band}
      role="region"
      aria-label={t('warnings.region')}
      data-testid="warnings"
      sx={{
        position: 'sticky',
        bottom: 0,
        // Below the drawer, menus and dialogs: a select's last options must not sit under it.
        zIndex: (theme) => theme.zIndex.appBar - 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: 1,
        px: { xs: 2, md: 3 },
        py: 1,
        bgcolor: 'background.default',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {showInsecure ? (
        <Warning
          testId="insecure-warning"
          linked={isAdmin}
          textKey="warnings.insecure"
          linkedKey="warnings.insecure_admin"
          to={pathOf('security')}
          action={
            <Button color="inherit" size="small" sx={{ minHeight: 44, whiteSpace: 'nowrap' }} aria-label={t('warnings.hide_insecure')} onClick={() => dispatch(insecureWarningHiddenSet(true))}>
              {t('warnings.hide')}
            </Button>
          }
        />
      ) : null}
      {oldFormat ? (
        <Warning testId="legacy-warning" linked={isAdmin} textKey="warnings.legacy" linkedKey="warnings.legacy_admin" to={pathOf('system_password')} />
      ) : null}
    </Box>
  );
}
