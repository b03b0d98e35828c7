/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * Method and path of every operation, as the contract has them; `outsideApiBase` for the paths
 * served outside the API base (their own `servers: [{ url: '/' }]`, spec §7).
 */
export const operationRoutes = {
  getUser: { method: 'get', path: '/get-user' },
  getSoftware: { method: 'get', path: '/get-software' },
  getSoftwareOptions: { method: 'get', path: '/get-software-options' },
  getPricing: { method: 'get', path: '/get-pricing' },
  getCoupon: { method: 'get', path: '/get-coupon' },
  setSettings: { method: 'post', path: '/set-settings' },
  setUserBoolean: { method: 'post', path: '/set-user-boolean' },
  login: { method: 'post', path: '/login' },
  signup: { method: 'post', path: '/signup' },
  googleAuth: { method: 'post', path: '/google-auth' },
  logout: { method: 'post', path: '/logout' },
  forgotPassword: { method: 'post', path: '/forgot-password' },
  resetPassword: { method: 'post', path: '/reset-password' },
  checkResetToken: { method: 'post', path: '/check-reset-token' },
  checkout: { method: 'post', path: '/checkout' },
  buyMoreSeats: { method: 'post', path: '/buy-more-seats' },
  billingPortal: { method: 'post', path: '/billing-portal' },
  getOrgSubscription: { method: 'get', path: '/org-subscription', outsideApiBase: true },
  verifySettings: { method: 'post', path: '/verify-settings' },
  preConnect: { method: 'post', path: '/pre-connect' },
  accessToken: { method: 'post', path: '/access-token' },
  disconnect: { method: 'post', path: '/disconnect' },
  getOrganizationMembers: { method: 'get', path: '/get-organization-members' },
  inviteUser: { method: 'post', path: '/invite-user' },
  resendInvitation: { method: 'post', path: '/resend-invitation' },
  acceptInvite: { method: 'post', path: '/accept-invite' },
  removeOrganizationUser: { method: 'post', path: '/remove-organization-user' },
  setUserProduct: { method: 'post', path: '/set-user-product' },
} as const;
