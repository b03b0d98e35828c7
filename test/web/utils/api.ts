/**
 * Every endpoint at once, for tests that call endpoints of several tags. The app imports each tag's module
 * (src/web/api/endpoints/<tag>.ts) where it is used, so a first load carries only its own; importing all
 * of them here injects every endpoint into the one API, with its tag's behaviour.
 */
import { baseApi } from '../../../src/web/api/base-api';
import { authApi } from '../../../src/web/api/endpoints/auth';
import { billingApi } from '../../../src/web/api/endpoints/billing';
import { catalogueApi } from '../../../src/web/api/endpoints/catalogue';
import { creditsApi } from '../../../src/web/api/endpoints/credits';
import { crmApi } from '../../../src/web/api/endpoints/crm';
import { organizationApi } from '../../../src/web/api/endpoints/organization';
import { provisioningApi } from '../../../src/web/api/endpoints/provisioning';
import { securityApi } from '../../../src/web/api/endpoints/security';
import { ssoApi } from '../../../src/web/api/endpoints/sso';
import { userApi } from '../../../src/web/api/endpoints/user';

type Endpoints = typeof authApi.endpoints &
  typeof billingApi.endpoints &
  typeof catalogueApi.endpoints &
  typeof creditsApi.endpoints &
  typeof crmApi.endpoints &
  typeof organizationApi.endpoints &
  typeof provisioningApi.endpoints &
  typeof securityApi.endpoints &
  typeof ssoApi.endpoints &
  typeof userApi.endpoints;

const endpoints: Endpoints = {
  ...authApi.endpoints,
  ...billingApi.endpoints,
  ...catalogueApi.endpoints,
  ...creditsApi.endpoints,
  ...crmApi.endpoints,
  ...organizationApi.endpoints,
  ...provisioningApi.endpoints,
  ...securityApi.endpoints,
  ...ssoApi.endpoints,
  ...userApi.endpoints,
};

export const api: { endpoints: Endpoints; util: typeof baseApi.util } = { endpoints, util: baseApi.util };
