import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT, SIDEBAR_WIDTH } from '../theme/theme';
import { visuallyHidden } from './visually-hidden';

/** Where a column goes on a card: its heading, beside the heading (a chip), one of its facts,
 * among its actions (the buttons under it), or nowhere. */
export type CardPlace = 'title' | 'aside' | 'fact' | 'actions' | 'none';

export interface ListColumn<R> {
  key: string;
  /** The column's header; on a card, the fact's label unless `label` is given. */
  header: ReactNode;
  /** The fact's label on a card, where the header is not plain text. */
  label?: string;
  /** The header is read by screen readers only (a column of buttons). */
  headerHidden?: boolean;
  /** The table cell's content. */
  cell(row: R): ReactNode;
  /** What the card shows instead of `cell`; null leaves the fact out for that row. */
  fact?(row: R): ReactNode;
  /** Where the column goes on a card (default: a fact). */
  card?: CardPlace;
  /** Shown on cards only (a fact the table shows inside another column). */
  cardOnly?: boolean;
  /** The fact takes the card's whole width (a long text). */
  wide?: boolean;
  /** Sentences (a message): they wrap wherever the language allows. Other cells keep their words
   * whole, a Japanese or Chinese word too (管理モード, never 管理モ/ード): a table whose words do not
   * fit its box gives way to cards. */
  prose?: boolean;
  align?: 'left' | 'right';
  /** The row's header cell (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Styles of the column's cells in the table (and `headSx` of its header). */
  sx?: SxProps<Theme>;
  headSx?: SxProps<Theme>;
}

/** Until the list's own box is measured (and where nothing is laid out, as in jsdom), the room a
 * window leaves a list is estimated: the page's padding and a card's, and the sidebar beside them
 * from MOBILE_BREAKPOINT up. */
const NARROW_CHROME = 64;
const WIDE_CHROME = SIDEBAR_WIDTH + 80;

/**
 * Whether a table fits in the box `ref` is given to: a box at least `minWidth` px wide, measured
 * before the first paint and again whenever it is resized (a tablet turned, the sidebar opened,
 * the window narrowed). A table that turns out wider than its box all the same (longer texts in
 * another language, a long value) gives way to cards until the box is as wide as that table was.
 * The box's width does not depend on what is shown in it, so the choice cannot swing.
 */
export function useFitsTable(minWidth: number) {
  const narrowWindow = useMediaQuery(`(min-width:${minWidth + NARROW_CHROME}px) and (max-width:${MOBILE_BREAKPOINT - 0.02}px)`, { noSsr: true });
  const wideWindow = useMediaQuery(`(min-width:${Math.max(MOBILE_BREAKPOINT, minWidth + WIDE_CHROME)}px)`, { defaultMatches: true, noSsr: true });
  const estimate = narrowWindow || wideWindow;
  const [measured, setMeasured] = useState<boolean | null>(null);
  const needed = useRef(minWidth);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    needed.current = minWidth;
    const box = ref.current;
    if (!box) return undefined;
    const read = () => {
      const width = box.clientWidth;
      // A box not laid out (hidden, or no layout at all) keeps the last answer.
      if (width > 0) setMeasured(width >= needed.current);
    };
    read();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(read);
    observer.observe(box);
    return () => observer.disconnect();
  }, [minWidth]);
  const fits = measured ?? estimate;
  // After every render of the table: does it still fit (new rows, another language)?
  useLayoutEffect(() => {
    const box = ref.current;
    const table = box?.querySelector('table');
    if (!box || !table || !fits || box.clientWidth === 0) return;
    if (table.scrollWidth > box.clientWidth + 1) {
      needed.current = Math.max(needed.current, table.scrollWidth);
      setMeasured(false);
    }
  });
  return { ref, fits };
}

/** What ResponsiveTable is told; each of its two forms takes the part it shows. */
export interface ResponsiveTableProps<R> {
  rows: readonly R[];
  rowKey(row: R): string | number;
  columns: readonly ListColumn<R>[];
  /** The width the table needs to show its columns without squeezing them. */
  tableMinWidth: number;
  /** The list's name (or `labelledBy`, the id of its heading). */
  label?: string;
  labelledBy?: string;
  rowTestId?(row: R): string;
  /** The table's row opens the row (the card has its own button for that among its actions). */
  onRowClick?(row: R): void;
  stickyHeader?: boolean;
  /** The table scrolls within this height (cards follow the page). */
  maxHeight?: number;
  /** The level of each card's heading (under the list's own heading). */
  headingLevel?: 2 | 3 | 4 | 5;
  tableSx?: SxProps<Theme>;
}

/**
 * A list of rows, the one way every list of the console is shown: a table where its box is wide
 * enough for `tableMinWidth`, else one card per row (its title, its facts each labelled, its
 * actions as buttons under them), so that on a tablet or a narrow window no list scrolls sideways
 * to reach its actions. The columns say where each goes in both.
 */
export function ResponsiveTable<R>({
  rows,
  rowKey,
  columns,
  tableMinWidth,
  label,
  labelledBy,
  rowTestId,
  onRowClick,
  stickyHeader = false,
  maxHeight,
  headingLevel = 3,
  tableSx,
}: ResponsiveTableProps<R>) {
  const { ref, fits } = useFitsTable(tableMinWidth);
  return (
    <Box ref={ref} sx={{ minWidth: 0, width: '100%' }}>
      {fits ? (
        <ListAsTable
          rows={rows}
          rowKey={rowKey}
          columns={columns.filter((c) => !c.cardOnly)}
          label={label}
          labelledBy={labelledBy}
          rowTestId={rowTestId}
          onRowClick={onRowClick}
          stickyHeader={stickyHeader}
          maxHeight={maxHeight}
          tableSx={tableSx}
        />
      ) : (
        <ListAsCards rows={rows} rowKey={rowKey} columns={columns} label={label} labelledBy={labelledBy} rowTestId={rowTestId} headingLevel={headingLevel} />
      )}
    </Box>
  );
}

function ListAsTable<R>({
  rows,
  rowKey,
  columns,
  label,
  labelledBy,
  rowTestId,
  onRowClick,
  stickyHeader,
  maxHeight,
  tableSx,
}: Pick<ResponsiveTableProps<R>, 'rows' | 'rowKey' | 'columns' | 'label' | 'labelledBy' | 'rowTestId' | 'onRowClick' | 'maxHeight' | 'tableSx'> & {
  stickyHeader: boolean;
}) {
  // A list of a set height scrolls on its own: a keyboard reaches it (a tab stop, named as its table)
  // to scroll it with the arrow keys.
  const scrolls = maxHeight !== undefined;
  return (
    <TableContainer
      sx={{ maxHeight, overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label, 'aria-labelledby': labelledBy } : {})}
    >
      <Table size="small" stickyHeader={stickyHeader} aria-label={label} aria-labelledby={labelledBy} sx={[COMPACT_CELLS, ...sxList(tableSx)]}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              // A header wraps between words, never inside one (デバイス, not デバイ/ス).
              <TableCell key={c.key} align={c.align} sx={[KEEP_WORDS, ...sxList(c.headSx)]}>
                {c.headerHidden ? (
                  <Box component="span" sx={visuallyHidden}>
                    {c.header}
                  </Box>
                ) : (
                  c.header
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={rowKey(row)}
              hover={onRowClick !== undefined}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              sx={onRowClick ? { cursor: 'pointer' } : undefined}
              data-testid={rowTestId?.(row)}
            >
              {columns.map((c) =>
                c.rowHeader ? (
                  <TableCell key={c.key} component="th" scope="row" align={c.align} sx={cellSx(c)}>
                    {c.cell(row)}
                  </TableCell>
                ) : (
                  <TableCell key={c.key} align={c.align} sx={cellSx(c)}>
                    {c.cell(row)}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const KEEP_WORDS = { wordBreak: 'keep-all' } as const;
/** 8 px between columns rather than MUI's 32: the room goes to the texts. */
const COMPACT_CELLS = { '& th, & td': { px: 1 } } as const;

function sxList(sx: SxProps<Theme> | undefined) {
  return Array.isArray(sx) ? sx : [sx];
}

/** A cell's styles: its column's, its words kept whole unless it holds sentences. */
function cellSx<R>(c: ListColumn<R>): SxProps<Theme> {
  return [c.prose ? {} : KEEP_WORDS, ...sxList(c.sx)];
}

function factLabel<R>(c: ListColumn<R>): ReactNode {
  return c.label ?? c.header;
}

function ListAsCards<R>({
  rows,
  rowKey,
  columns,
  label,
  labelledBy,
  rowTestId,
  headingLevel,
}: Pick<ResponsiveTableProps<R>, 'rows' | 'rowKey' | 'columns' | 'label' | 'labelledBy' | 'rowTestId'> & {
  headingLevel: 2 | 3 | 4 | 5;
}) {
  const baseId = useId();
  const place = (c: ListColumn<R>): CardPlace => c.card ?? 'fact';
  const title = columns.find((c) => place(c) === 'title');
  const asides = columns.filter((c) => place(c) === 'aside');
  const facts = columns.filter((c) => place(c) === 'fact');
  const actions = columns.filter((c) => place(c) === 'actions');
  return (
    <Box role="list" aria-label={label} aria-labelledby={labelledBy} sx={{ display: 'grid', gap: 1.5 }}>
      {rows.map((row, i) => {
        const headingId = `${baseId}-${i}`;
        const shownFacts = facts.map((c) => ({ c, value: c.fact ? c.fact(row) : c.cell(row) })).filter((f) => f.value !== null && f.value !== undefined && f.value !== '');
        const shownActions = actions.map((c) => ({ c, node: c.fact ? c.fact(row) : c.cell(row) })).filter((a) => a.node !== null && a.node !== undefined);
        return (
          <Box role="listitem" key={rowKey(row)}>
            <Card variant="outlined" component="section" aria-labelledby={title ? headingId : undefined} data-testid={rowTestId?.(row)}>
              <CardContent sx={{ pb: shownActions.length > 0 ? 1 : undefined }}>
                {title || asides.length > 0 ? (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: shownFacts.length > 0 ? 1.5 : 0, wordBreak: 'keep-all' }}>
                    {title ? (
                      <Typography id={headingId} variant="subtitle1" component={`h${headingLevel}`} sx={{ fontWeight: 600, wordBreak: title.prose ? 'normal' : undefined, overflowWrap: 'anywhere', mr: 'auto' }}>
                        {title.fact ? title.fact(row) : title.cell(row)}
                      </Typography>
                    ) : null}
                    {asides.map((c) => (
                      <Box key={c.key} sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
                        {c.fact ? c.fact(row) : c.cell(row)}
                      </Box>
                    ))}
                  </Box>
                ) : null}
                {shownFacts.length > 0 ? (
                  <Box
                    component="dl"
                    sx={{ m: 0, display: 'grid', columnGap: 2, rowGap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}
                  >
                    {shownFacts.map(({ c, value }) => (
                      <Box key={c.key} sx={{ minWidth: 0, gridColumn: c.wide ? '1 / -1' : undefined }}>
                        <Typography component="dt" variant="caption" color="text.secondary">
                          {factLabel(c)}
                        </Typography>
                        <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: c.prose ? undefined : 'keep-all', overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}>
                          {value}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                ) : null}
              </CardContent>
              {shownActions.length > 0 ? (
                <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
                  {shownActions.map(({ c, node }) => (
                    <Box key={c.key} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                      {node}
                    </Box>
                  ))}
                </CardActions>
              ) : null}
            </Card>
          </Box>
        );
      })}
    </Box>
  );
}
