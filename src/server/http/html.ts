/** The layout of the server-rendered pages; their markup is built with security/html-escaping.ts. */
import { DEFAULT_LOCALE, type Locale } from '../../shared/locale.js';
import { escapeHtml, type SafeHtml } from '../security/html-escaping.js';
import { pageText } from './page-i18n.js';

// The badge text keeps 4.5:1 against its own background (WCAG 1.4.3).
const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f5f6fa; color: #1c2033; }
  main { max-width: 760px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 32px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { margin-top: 0; font-size: 24px; }
  .badge { display: inline-block; background: #fff3cd; color: #7a6000; border-radius: 6px; padding: 2px 8px;
           font-size: 12px; font-weight: 600; letter-spacing: .04em; }
  table { width: 100%; border-collapse: collapse; margin: 16px 0; }
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid #e4e6ef; vertical-align: top; }
  button, .button { background: #3f51b5; color: #fff; border: 0; border-radius: 8px; padding: 10px 18px;
           font-size: 15px; cursor: pointer; text-decoration: none; display: inline-block; }
  button.secondary, .button.secondary { background: #e4e6ef; color: #1c2033; }
  form.inline { display: inline; }
  .muted { color: #667; font-size: 14px; }
  .total { font-size: 20px; font-weight: 700; }
  pre { white-space: pre-wrap; background: #f5f6fa; padding: 12px; border-radius: 8px; }
  .row { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; margin: 12px 0; }
  label { display: block; font-weight: 600; margin: 16px 0 6px; }
  input[type=email], textarea { width: 100%; box-sizing: border-box; font: inherit; padding: 10px;
           border: 1px solid #c5c8d6; border-radius: 8px; }
  .error { color: #b00020; }
`;

/**
 * A whole server-rendered page. Sandbox pages (the default) are marked as such so nobody mistakes them
 * for the real provider; a page that does real work (the support form with real mail) passes sandbox: false.
 */
export function page(
  title: string,
  body: SafeHtml,
  options: { sandbox?: boolean; locale?: Locale } = {},
): string {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const t = pageText(locale);
  const badge =
    options.sandbox === false ? '' : `<p><span class="badge">${escapeHtml(t('SANDBOX'))}</span></p>`;
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${badge}${body.value}</main></body></html>`;
}
