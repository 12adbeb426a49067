import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { systemApi } from './api/system-endpoints';
import { api as baseApi } from './api/base-api';

import { noticeDismissed, noticeShown, type Notice } from './notice-actions';

export { noticeDismissed, noticeShown, type Notice, type Severity } from './notice-actions';
export type FormFactor = 'desktop' | 'mobile';
/** How large the controls are drawn (specification §3 "size", default medium): small is the
 * compact layout a desktop user may choose; a touch screen keeps its 44 px targets either way. */
export type ComponentSize = 'medium' | 'small';
export const COMPONENT_SIZES: readonly ComponentSize[] = ['medium', 'small'];

/** What the shell knows (specification §3 "Application state"). */
export interface AppState {
  /** Whether the sidebar shows now (on a phone or tablet: the drawer is open). */
  sidebarOpen: boolean;
  /** Whether the user keeps the sidebar open on a wide screen (the cookie): a narrow spell closes
   * it, and widening again brings back this choice. */
  desktopSidebarOpen: boolean;
  /** Desktop, or below 992 px the mobile layout (the sidebar becomes a drawer). */
  formFactor: FormFactor;
  language: string;
  /** The controls' size, kept in a cookie like the language. */
  size: ComponentSize;
  /** Device time as YYYY/MM/DD HH:mm:ss, from the time channel. */
  datetime: string | null;
  hmiName: string;
  notice: Notice | null;
  /** The user put the not-secure warning away for this browser session (sessionStorage keeps
   * it); the top bar then offers to show it again. */
  insecureWarningHidden: boolean;
}

export const initialAppState: AppState = {
  sidebarOpen: true,
  desktopSidebarOpen: true,
  formFactor: 'desktop',
  language: 'en',
  size: 'medium',
  datetime: null,
  hmiName: '',
  notice: null,
  insecureWarningHidden: false,
};

/** The calls whose answer is the HMI name. Named by type only: the system endpoints (and what they
 * import) stay out of the sign-in page's first chunk, which has a budget. */
const HMI_NAME_CALLS: ReadonlySet<string> = new Set(['hmiName', 'setHmiName'] satisfies (keyof typeof systemApi.endpoints)[]);
const FULFILLED = new Set([`${baseApi.reducerPath}/executeQuery/fulfilled`, `${baseApi.reducerPath}/executeMutation/fulfilled`]);

/** A successful answer of one of HMI_NAME_CALLS (what `matchFulfilled` of each would match). */
function carriesHmiName(action: UnknownAction): action is PayloadAction<{ name: string }> {
  const endpoint = (action as { meta?: { arg?: { endpointName?: unknown } } }).meta?.arg?.endpointName;
  return FULFILLED.has(action.type) && typeof endpoint === 'string' && HMI_NAME_CALLS.has(endpoint);
}

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    sidebarToggled(state) {
      state.sidebarOpen = !state.sidebarOpen;
      if (state.formFactor === 'desktop') state.desktopSidebarOpen = state.sidebarOpen;
    },
    sidebarClosed(state) {
      state.sidebarOpen = false;
      if (state.formFactor === 'desktop') state.desktopSidebarOpen = false;
    },
    /** Below 992 px the layout is mobile and the sidebar closes by itself; back above, it is as
     * the user left it on the wide screen. */
    formFactorChanged(state, action: PayloadAction<FormFactor>) {
      state.formFactor = action.payload;
      state.sidebarOpen = action.payload === 'desktop' && state.desktopSidebarOpen;
    },
    /** The user picked a language; a listener loads it, saves the cookie and confirms. */
    languageChosen(state, action: PayloadAction<string>) {
      state.language = action.payload;
    },
    /** The language in force (at start-up, or once a chosen one has loaded). */
    languageApplied(state, action: PayloadAction<string>) {
      state.language = action.payload;
    },
    /** The user chose the controls' size; a listener keeps it in its cookie. */
    sizeChosen(state, action: PayloadAction<ComponentSize>) {
      state.size = action.payload;
    },
    datetimeTicked(state, action: PayloadAction<string>) {
      state.datetime = action.payload;
    },
    /** The not-secure warning put away (true) or shown again (false); a listener keeps the choice
     * for the session. */
    insecureWarningHiddenSet(state, action: PayloadAction<boolean>) {
      state.insecureWarningHidden = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(noticeShown, (state, action) => {
      state.notice = action.payload;
    });
    builder.addCase(noticeDismissed, (state, action) => {
      if (state.notice?.id === action.payload) state.notice = null;
    });
    // The shell's copy of the name follows every answer of the device that carries it.
    builder.addMatcher(carriesHmiName, (state, action) => {
      state.hmiName = action.payload.name;
    });
  },
  selectors: {
    selectSidebarOpen: (s) => s.sidebarOpen,
    selectFormFactor: (s) => s.formFactor,
    selectLanguage: (s) => s.language,
    selectSize: (s) => s.size,
    selectDatetime: (s) => s.datetime,
    selectHmiName: (s) => s.hmiName,
    selectNotice: (s) => s.notice,
    selectInsecureWarningHidden: (s) => s.insecureWarningHidden,
  },
});

export const {
  sidebarToggled,
  sidebarClosed,
  formFactorChanged,
  languageChosen,
  languageApplied,
  sizeChosen,
  datetimeTicked,
  insecureWarningHiddenSet,
} = appSlice.actions;
export const { selectSidebarOpen, selectFormFactor, selectLanguage, selectSize, selectDatetime, selectHmiName, selectNotice, selectInsecureWarningHidden } =
  appSlice.selectors;

/** A size read back from its cookie; anything else is the default. */
export function sizeOf(text: string | null): ComponentSize {
  return COMPONENT_SIZES.find((s) => s === text) ?? initialAppState.size;
}
