import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { systemApi } from './api/system-endpoints';

export type Severity = 'success' | 'info' | 'warning' | 'error';
export type DeviceType = 'desktop' | 'mobile';

export interface Notice {
  id: number;
  /** Translation key and its values: the text is made in the chosen language when shown. */
  key: string;
  values?: Record<string, string | number>;
  severity: Severity;
}

/** What the shell knows (specification §3 "Application state"). */
export interface AppState {
  sidebarOpen: boolean;
  device: DeviceType;
  language: string;
  size: 'small' | 'medium' | 'large';
  /** Device time as YYYY/MM/DD HH:mm:ss, from the time channel. */
  datetime: string | null;
  hmiName: string;
  notice: Notice | null;
}

export const initialAppState: AppState = {
  sidebarOpen: true,
  device: 'desktop',
  language: 'en',
  size: 'medium',
  datetime: null,
  hmiName: '',
  notice: null,
};

let nextNoticeId = 1;

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    sidebarToggled(state) {
      state.sidebarOpen = !state.sidebarOpen;
    },
    sidebarClosed(state) {
      state.sidebarOpen = false;
    },
    /** Below 992 px the layout is mobile and the sidebar closes by itself. */
    deviceChanged(state, action: PayloadAction<DeviceType>) {
      state.device = action.payload;
      if (action.payload === 'mobile') state.sidebarOpen = false;
    },
    /** The user picked a language; a listener loads it, saves the cookie and confirms. */
    languageChosen(state, action: PayloadAction<string>) {
      state.language = action.payload;
    },
    /** The language in force (at start-up, or once a chosen one has loaded). */
    languageApplied(state, action: PayloadAction<string>) {
      state.language = action.payload;
    },
    datetimeTicked(state, action: PayloadAction<string>) {
      state.datetime = action.payload;
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
  extraReducers: (builder) => {
    // The shell's copy of the name follows every answer of the device that carries it.
    builder.addMatcher(systemApi.endpoints.hmiName.matchFulfilled, (state, action) => {
      state.hmiName = action.payload.name;
    });
    builder.addMatcher(systemApi.endpoints.setHmiName.matchFulfilled, (state, action) => {
      state.hmiName = action.payload.name;
    });
  },
  selectors: {
    selectSidebarOpen: (s) => s.sidebarOpen,
    selectDevice: (s) => s.device,
    selectLanguage: (s) => s.language,
    selectDatetime: (s) => s.datetime,
    selectHmiName: (s) => s.hmiName,
    selectNotice: (s) => s.notice,
  },
});

export const {
  sidebarToggled,
  sidebarClosed,
  deviceChanged,
  languageChosen,
  languageApplied,
  datetimeTicked,
  noticeShown,
  noticeDismissed,
} = appSlice.actions;
export const { selectSidebarOpen, selectDevice, selectLanguage, selectDatetime, selectHmiName, selectNotice } = appSlice.selectors;
