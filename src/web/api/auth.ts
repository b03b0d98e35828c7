import { baseApi } from './baseApi';
import type { OkResponse, RequestBody } from './contract-types';
import { post } from './request';

/** Signing up, signing in and out, password reset. Tags live in tags.ts. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<OkResponse<'login'>, RequestBody<'login'>>({
      query: (body) => post('/login', body),
    }),
    signup: build.mutation<OkResponse<'signup'>, RequestBody<'signup'>>({
      query: (body) => post('/signup', body),
    }),
    googleAuth: build.mutation<OkResponse<'googleAuth'>, RequestBody<'googleAuth'>>({
      query: (body) => post('/google-auth', body),
    }),
    logout: build.mutation<OkResponse<'logout'>, void>({
      query: () => post('/logout'),
    }),
    forgotPassword: build.mutation<OkResponse<'forgotPassword'>, RequestBody<'forgotPassword'>>({
      query: (body) => post('/forgot-password', body),
    }),
    checkResetToken: build.mutation<OkResponse<'checkResetToken'>, RequestBody<'checkResetToken'>>({
      query: (body) => post('/check-reset-token', body),
    }),
    resetPassword: build.mutation<OkResponse<'resetPassword'>, RequestBody<'resetPassword'>>({
      query: (body) => post('/reset-password', body),
    }),
  }),
});

export const {
  useLoginMutation,
  useSignupMutation,
  useGoogleAuthMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useCheckResetTokenMutation,
  useResetPasswordMutation,
} = authApi;
