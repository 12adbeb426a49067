import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './base-query';

/** The one API slice. Each API area injects its endpoints from its own file and registers its own
 * tag types there (`api.enhanceEndpoints({ addTagTypes })`), so a new area edits no shared list. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: [],
  endpoints: () => ({}),
});
