/**
 * All Simplified Chinese messages, keyed by their English text (i18n/index.ts). One file per area, so
 * people translating different areas never edit the same file.
 */
export { zhCN as muiLocale } from '@mui/material/locale';
import { app } from './app';
import { audit } from './audit';
import { auth } from './auth';
import { billing } from './billing';
import { connection } from './connection';
import { crmSync } from './crm-sync';
import { dashboard } from './dashboard';
import { onboarding } from './onboarding';
import { organization } from './organization';
import { pricing } from './pricing';
import { templateTranslator } from '../server-templates';
import { planNames } from './server-codes';
export { renderServerCode } from './server-codes';
import { settings } from './settings';
import { storedValues, storedValueTemplates } from './stored-values';
import { usage } from './usage';

export const messages: Record<string, string> = {
  ...app,
  ...audit,
  ...auth,
  ...billing,
  ...connection,
  ...crmSync,
  ...dashboard,
  ...onboarding,
  ...organization,
  ...pricing,
  ...settings,
  ...storedValues,
  ...usage,
};

const byStoredValueTemplate = templateTranslator(storedValueTemplates, {
  plan: planNames,
  label: messages,
});

/**
 * Labels made from stored data that carry values (a coupon's name, a seat count), compiled here so the
 * language's chunk carries the matching and the first load does not.
 */
export const translateStoredValue = (text: string): string | undefined => byStoredValueTemplate(text);
