import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { rangeProblem, VIEW_MAX, type QuickRange } from '../../../contract/rules/data';
import type { TimeRange } from './RangeBar';

/** The range a Data screen shows and the quick range it came from; `bad` when its end comes
 * before its start (the rule the device runs), and nothing is asked for then. */
export function useRangeChoice(initial: { range: TimeRange; quick: QuickRange | 'all' | null }) {
  const [choice, setChoice] = useState(initial);
  const { range, quick } = choice;
  return {
    range,
    quick,
    bad: range.from !== null && range.to !== null && rangeProblem(range.from, range.to) !== null,
    choose: (next: TimeRange, q: QuickRange | 'all' | null) => setChoice({ range: next, quick: q }),
  };
}

/** How many rows a newest-first list asks for: a page more at each "Load more", up to the view's
 * limit; a new filter starts again from its first page (the count is kept with the filter it was
 * asked for, so nothing has to reset it). */
export function useGrowingLimit(filter: unknown, page: number) {
  const key = JSON.stringify(filter);
  const [asked, setAsked] = useState({ key: '', limit: page });
  const limit = asked.key === key ? asked.limit : page;
  return {
    limit,
    /** Whether a list of `shown` rows of `total` (more when `next` is not null) can grow. */
    canGrow: (shown: number, total: number, next: string | null) => next !== null && shown < total && limit < VIEW_MAX,
    grow: () => setAsked({ key, limit: Math.min(VIEW_MAX, limit + page) }),
  };
}

/** Under a list: how many rows of how many, and Load more, or why no more rows are shown. */
export function ListFooter({
  shownText,
  testId,
  canGrow,
  onGrow,
  growing,
  loadMoreText,
  viewMaxText,
  capped,
}: {
  shownText: string;
  testId: string;
  canGrow: boolean;
  onGrow(): void;
  growing: boolean;
  loadMoreText: string;
  viewMaxText: string;
  /** Rows are left out (the view's limit reached). */
  capped: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 1 }}>
      <Typography variant="body2" color="text.secondary" data-testid={testId}>
        {shownText}
      </Typography>
      {canGrow ? (
        <Button onClick={onGrow} loading={growing}>
          {loadMoreText}
        </Button>
      ) : capped ? (
        <Typography variant="body2" color="text.secondary">
          {viewMaxText}
        </Typography>
      ) : null}
    </Box>
  );
}
