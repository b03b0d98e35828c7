import { baseApi } from './baseApi';
import type { OkResponse, RequestBody } from './contract-types';
import { post } from './request';

/** Connecting the user's CRM. Tags live in tags.ts. */
export const crmApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    verifySettings: build.mutation<OkResponse<'verifySettings'>, RequestBody<'verifySettings'>>({
      query: (body) => post('/verify-settings', body),
    }),
    preConnect: build.mutation<OkResponse<'preConnect'>, RequestBody<'preConnect'>>({
      query: (body) => post('/pre-connect', body),
    }),
    accessToken: build.mutation<OkResponse<'accessToken'>, RequestBody<'accessToken'>>({
      query: (body) => post('/access-token', body),
    }),
    disconnect: build.mutation<OkResponse<'disconnect'>, void>({
      query: () => post('/disconnect'),
    }),
  }),
});

export const {
  useVerifySettingsMutation,
  usePreConnectMutation,
  useAccessTokenMutation,
  useDisconnectMutation,
} = crmApi;
