import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './base-query';

/** The one API slice. Each API area injects its endpoints from its own file. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['HmiName', 'UserInfo', 'StrengthRules', 'Expiration', 'Http', 'LegacyHash', 'WebviewStatus', 'SystemInfo', 'IdentifyLight', 'Ethernet', 'Wifi', 'Hotspot'],
  endpoints: () => ({}),
});
