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
import { dashboard } from './dashboard';
import { onboarding } from './onboarding';
import { organization } from './organization';
import { pricing } from './pricing';
import { templateTranslator, type TemplateCatalogue } from '../server-templates';
import { server, serverTemplates as templates, serverWords } from './server';
import { settings } from './settings';
import { storedValues, storedValueTemplates } from './stored-values';
import { usage } from './usage';

export const messages: Record<string, string> = {
  ...app,
  ...audit,
  ...auth,
  ...billing,
  ...connection,
  ...dashboard,
  ...onboarding,
  ...organization,
  ...pricing,
  ...server,
  ...settings,
  ...storedValues,
  ...usage,
};

const byStoredValueTemplate = templateTranslator(storedValueTemplates, { ...serverWords, label: messages });

/**
 * Server messages with values; a field's name (`{label}`) reads as the catalogue says where it can, and
 * an organization still under the name it was created with reads in Chinese ('Ada's organization').
 */
export const serverTemplates: TemplateCatalogue = {
  templates,
  words: { ...serverWords, label: messages, organization: byStoredValueTemplate },
};

const byServerTemplate = templateTranslator(serverTemplates.templates, serverTemplates.words);

/**
 * Compiled here, so the language's chunk carries the matching and the first load does not. The labels
 * made from stored data (a coupon's name, a seat count) come after the server's messages.
 */
export const translateServerMessage = (text: string): string | undefined =>
  byServerTemplate(text) ?? byStoredValueTemplate(text);
