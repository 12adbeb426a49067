import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { noticeShown } from '../../../store/notice-actions';
import { useClearRecipeBookMutation, useRecipeBooksQuery, useRecipeRecordsQuery } from '../../../store/api/recipe-endpoints';
import type { ResponseOf } from '../../../contract/api/define';
import type { books as booksCall, records as recordsCall } from '../../../contract/api/recipe';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { errorMessage } from '../../i18n/error-text';
import { pathOf } from '../../app/screens';
import { numberFormat } from '../../i18n/numbers';

const NS = 'recipe';
const PAGE_SIZES = [25, 100, 1000];

type Book = ResponseOf<typeof booksCall>['books'][number];
type RecipeRecord = ResponseOf<typeof recordsCall>['records'][number];

/** The widths the records table needs: a narrower box shows one card per record. */
const RECORD_NUMBER_WIDTH = 64;
const RECORD_NAME_WIDTH = 140;
const RECORD_FIELD_WIDTH = 110;

/** One book's records, a page at a time, with Clear. */
function BookRecords({ book, onClear }: { book: Book; onClear(): void }) {
  const { t } = useTranslation(NS);
  const language = useAppSelector(selectLanguage);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[1]!);
  const records = useRecipeRecordsQuery({ id: book.id, offset: page * pageSize, limit: pageSize }, { refetchOnMountOrArgChange: true });
  const number = numberFormat(language);
  const headingId = `book-${book.id}-title`;
  const columns: ListColumn<RecipeRecord>[] = [
    { key: 'number', header: t('records.number'), headSx: { width: '4rem' }, cell: (r) => number.format(r.position + 1) },
    { key: 'name', header: t('records.name'), rowHeader: true, card: 'title', cell: (r) => r.name },
    ...book.fields.map(
      (f): ListColumn<RecipeRecord> => ({
        key: `field-${f.name}`,
        header: (
          <>
            {f.name}
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t(`types.${f.data_type}`)}
            </Typography>
          </>
        ),
        label: f.name,
        align: f.data_type === 'string' ? 'left' : 'right',
        sx: { fontVariantNumeric: 'tabular-nums' },
        cell: (r) => {
          const v = r.values[f.name];
          return v === undefined ? '' : typeof v === 'number' ? number.format(v) : v;
        },
      }),
    ),
  ];

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Box>
            <Typography id={headingId} variant="h6" component="h2">
              {book.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="record-count">
              {t('book.summary', { count: book.record_count, records: number.format(book.record_count), fields: book.fields.length })}
            </Typography>
          </Box>
          <Button variant="outlined" color="error" onClick={onClear} disabled={book.record_count === 0}>
            {t('clear.action')}
          </Button>
        </Box>
        {records.isError && !records.data ? (
          <LoadFailed message={t('records.load_failed')} error={records.error} onRetry={() => void records.refetch()} />
        ) : !records.data ? (
          <Loading label={t('loading')} />
        ) : records.data.total === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {t('records.empty')}
          </Typography>
        ) : (
          <>
            <ResponsiveTable
              rows={records.data.records}
              rowKey={(r) => r.position}
              columns={columns}
              tableMinWidth={RECORD_NUMBER_WIDTH + RECORD_NAME_WIDTH + book.fields.length * RECORD_FIELD_WIDTH}
              labelledBy={headingId}
              stickyHeader
              maxHeight={560}
            />
            <TablePagination
              component="div"
              count={records.data.total}
              page={Math.min(page, Math.max(0, Math.ceil(records.data.total / pageSize) - 1))}
              onPageChange={(_e, p) => setPage(p)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onRowsPerPageChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(0);
              }}
              labelRowsPerPage={t('records.per_page')}
              labelDisplayedRows={({ from, to, count }) => t('records.shown', { from: number.format(from), to: number.format(to), count: number.format(count) })}
              getItemAriaLabel={(type) => t(`records.go_${type}`)}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Recipe: the running project's recipe books, each record in a table, and Clear. */
export default function RecipePage() {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const books = useRecipeBooksQuery(undefined, { refetchOnMountOrArgChange: true });
  const [clear, clearing] = useClearRecipeBookMutation();
  const [chosen, setChosen] = useState(0);
  // The book asked about stays named while the dialog fades out.
  const [confirm, setConfirm] = useState<Book | null>(null);
  const [asking, setAsking] = useState(false);
  const list = books.data?.books ?? [];
  const book = list[Math.min(chosen, list.length - 1)];

  const doClear = async () => {
    if (!confirm) return;
    const result = await clear(confirm.id);
    setAsking(false);
    if ('error' in result) dispatch(noticeShown({ ...errorMessage(result.error, { fallback: 'recipe:clear.failed' }), severity: 'error' }));
    else dispatch(noticeShown({ key: 'recipe:clear.done', values: { book: result.data.book, count: result.data.cleared }, severity: 'success' }));
  };

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.recipe', { ns: 'shell' })}
      </Typography>
      {books.isError && !books.data ? (
        <LoadFailed message={t('load_failed')} error={books.error} onRetry={() => void books.refetch()} />
      ) : !books.data ? (
        <Loading label={t('loading')} />
      ) : list.length === 0 || !book ? (
        <Alert severity="info">{t('no_books', { project: books.data.project })}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            <Trans
              t={t}
              i18nKey="intro"
              values={{ project: books.data.project }}
              components={{ backup: <Link component={RouterLink} to={pathOf('backup_recipe')} /> }}
            />
          </Typography>
          {list.length > 1 ? (
            <Tabs value={list.indexOf(book)} onChange={(_e, i: number) => setChosen(i)} variant="scrollable" allowScrollButtonsMobile aria-label={t('books')} sx={{ mb: 2 }}>
              {list.map((b) => (
                <Tab key={b.id} label={`${b.name} (${numberFormat(language).format(b.record_count)})`} />
              ))}
            </Tabs>
          ) : null}
          <BookRecords
            key={book.id}
            book={book}
            onClear={() => {
              setConfirm(book);
              setAsking(true);
            }}
          />
        </>
      )}

      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="clear-title" aria-describedby="clear-text">
        <DialogTitle id="clear-title">{t('clear.confirm_title', { book: confirm?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText id="clear-text">
            {t('clear.confirm_text', { book: confirm?.name ?? '', count: confirm?.record_count ?? 0, records: numberFormat(language).format(confirm?.record_count ?? 0) })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t('clear.cancel')}</Button>
          <Button variant="contained" color="error" onClick={() => void doClear()} loading={clearing.isLoading}>
            {t('clear.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
