import { baseApi } from './baseApi';
import type { OkResponse, RequestBody } from './contract-types';
import { post } from './request';

/** The signed-in user's own record. Tags (what each call refreshes) live in tags.ts. */
export const userApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<OkResponse<'getUser'>, void>({
      query: () => '/get-user',
    }),
    setSettings: build.mutation<OkResponse<'setSettings'>, RequestBody<'setSettings'>>({
      query: (body) => post('/set-settings', body),
    }),
    setUserBoolean: build.mutation<OkResponse<'setUserBoolean'>, RequestBody<'setUserBoolean'>>({
      query: (body) => post('/set-user-boolean', body),
    }),
  }),
});

export const { useGetUserQuery, useLazyGetUserQuery, useSetSettingsMutation, useSetUserBooleanMutation } =
  userApi;
