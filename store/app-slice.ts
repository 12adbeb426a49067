import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type Severity = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  id: number;
  /** Translation key and its values: the text is made in the chosen language when shown. */
  key: string;
  values?: Record<string, string | number>;
  severity: Severity;
}

export interface AppState {
  language: string;
  notice: Notice | null;
}

const initialState: AppState = { language: 'en', notice: null };

let nextNoticeId = 1;

export const appSlice = createSlice({
  name: 'app',
  initialState,
  reducers: {
    /** The user picked a language; a listener loads it, saves the cookie and confirms. */
    languageChosen(state, action: PayloadAction<string>) {
      state.language = action.payload;
    },
    /** The language in force (at start-up, or once a chosen one has loaded). */
    languageApplied(state, action: PayloadAction<string>) {
      state.language = action.payload;
    },
    noticeShown: {
      reducer(state, action: PayloadAction<Notice>) {
        state.notice = action.payload;
      },
      prepare(notice: Omit<Notice, 'id'>) {
        return { payload: { ...notice, id: nextNoticeId++ } };
      },
    },
    noticeDismissed(state, action: PayloadAction<number>) {
      if (state.notice?.id === action.payload) state.notice = null;
    },
  },
  selectors: {
    selectLanguage: (s) => s.language,
    selectNotice: (s) => s.notice,
  },
});

export const { languageChosen, languageApplied, noticeShown, noticeDismissed } = appSlice.actions;
export const { selectLanguage, selectNotice } = appSlice.selectors;
