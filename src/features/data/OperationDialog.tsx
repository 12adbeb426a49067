import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract/api/define';
import type { operations as operationsCall } from '../../../contract/api/data';
import { valueChanges, type ValueChange } from '../../../contract/rules/data';
import { displayTime } from '../../i18n/format';
import { actionName, resultText, targetText } from './audit-words';

type Operation = ResponseOf<typeof operationsCall>['entries'][number];

const NS = 'data';

/** A value of the difference as text: strings as they are (masked secrets included), nothing as a dash. */
function shownValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The Operation Log's details of one row (a chunk of its own, loaded when a row is first opened):
 * the before/after of the row, leaf by leaf, the changed ones marked. */
export default function OperationDialog({ entry, open, onClose }: { entry: Operation | null; open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation(NS);
  const titleId = useId();
  const changes: ValueChange[] = entry ? valueChanges(entry.before, entry.after) : [];
  const recorded = entry !== null && !(entry.before == null && entry.after == null);
  return (
    <Dialog open={open && entry !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{entry ? t('operations.details.title', { action: actionName(t, entry.action), time: displayTime(entry.at) }) : ''}</DialogTitle>
      <DialogContent>
        {entry ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('operations.details.summary', {
                account: entry.account ?? t('operations.device'),
                source: entry.source,
                target: targetText(t, entry.target, i18n.language),
                result: resultText(t, entry.result),
              })}
            </Typography>
            {entry.repeat_count > 1 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="repeat-details">
                {t('operations.details.repeats', {
                  n: entry.repeat_count,
                  last: entry.repeat_last_at ? displayTime(entry.repeat_last_at) : '—',
                })}
                {entry.repeat_results
                  ? ` (${Object.entries(entry.repeat_results)
                      .map(([code, n]) => `${resultText(t, code)}: ${n}`)
                      .join('; ')})`
                  : ''}
              </Typography>
            ) : null}
            {!recorded ? (
              <Typography variant="body2">{t('operations.details.none')}</Typography>
            ) : (
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('operations.details.table')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('operations.details.path')}</TableCell>
                      <TableCell>{t('operations.details.before')}</TableCell>
                      <TableCell>{t('operations.details.after')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {changes.map((c) => {
                      const changed = c.kind !== 'same';
                      return (
                        <TableRow
                          key={c.path}
                          data-changed={changed ? 'true' : undefined}
                          sx={changed ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.16) } : undefined}
                        >
                          <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                            {c.path || t('operations.details.value')}
                            {changed ? (
                              <Typography component="span" variant="caption" color="warning.dark" sx={{ display: 'block', fontFamily: 'inherit' }}>
                                {t(`operations.details.kind.${c.kind}`)}
                              </Typography>
                            ) : null}
                          </TableCell>
                          <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>{shownValue(c.before)}</TableCell>
                          <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-word', fontWeight: changed ? 600 : undefined }}>{shownValue(c.after)}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('operations.details.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
