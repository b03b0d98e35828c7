/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * The endpoints of the contract's `auth` operations, injected into the one API when this module is
 * first imported, with the behaviour of behaviour/auth.ts. Import them and their hooks from here.
 */
import { baseApi } from '../base-api';
import type { RequestBody, SuccessBody } from '../../../contract/types';
import { post } from '../endpoint-kinds';
import { behaviour } from '../behaviour/auth';

export const authApi = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
      login: post<SuccessBody<'login'>, RequestBody<'login'>>(build, '/login'),
      signup: post<SuccessBody<'signup'>, RequestBody<'signup'>>(build, '/signup'),
      googleAuth: post<SuccessBody<'googleAuth'>, RequestBody<'googleAuth'>>(build, '/google-auth'),
      logout: post<SuccessBody<'logout'>>(build, '/logout', true),
      forgotPassword: post<SuccessBody<'forgotPassword'>, RequestBody<'forgotPassword'>>(
        build,
        '/forgot-password',
      ),
      resetPassword: post<SuccessBody<'resetPassword'>, RequestBody<'resetPassword'>>(
        build,
        '/reset-password',
      ),
      checkResetToken: post<SuccessBody<'checkResetToken'>, RequestBody<'checkResetToken'>>(
        build,
        '/check-reset-token',
      ),
      verifyTwoFactor: post<SuccessBody<'verifyTwoFactor'>, RequestBody<'verifyTwoFactor'>>(
        build,
        '/verify-two-factor',
      ),
    }),
  })
  .enhanceEndpoints({ endpoints: behaviour });

type Endpoints = typeof authApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return authApi.endpoints[id][name];
}

export const useLoginMutation = /*#__PURE__*/ hook('login', 'useMutation');
export const useSignupMutation = /*#__PURE__*/ hook('signup', 'useMutation');
export const useGoogleAuthMutation = /*#__PURE__*/ hook('googleAuth', 'useMutation');
export const useLogoutMutation = /*#__PURE__*/ hook('logout', 'useMutation');
export const useForgotPasswordMutation = /*#__PURE__*/ hook('forgotPassword', 'useMutation');
export const useResetPasswordMutation = /*#__PURE__*/ hook('resetPassword', 'useMutation');
export const useCheckResetTokenMutation = /*#__PURE__*/ hook('checkResetToken', 'useMutation');
export const useVerifyTwoFactorMutation = /*#__PURE__*/ hook('verifyTwoFactor', 'useMutation');
