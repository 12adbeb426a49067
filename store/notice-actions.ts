import { createAction } from '@reduxjs/toolkit';

export type Severity = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  id: number;
  /** Translation key (or keys, the first one found is read) and its values: the text is made in
   * the chosen language when shown. */
  key: string | string[];
  values?: Record<string, string | number>;
  severity: Severity;
}

let nextNoticeId = 1;

/** One-line notices of the shell ('Modified language successfully', 'Request Timeout', …). Their
 * own module, so the base query can raise one without importing the app slice (a cycle). */
export const noticeShown = createAction('app/noticeShown', (notice: Omit<Notice, 'id'>) => ({
  payload: { ...notice, id: nextNoticeId++ } as Notice,
}));
export const noticeDismissed = createAction<number>('app/noticeDismissed');
