/** The query parameters of /pricing (spec §2.2), read once from the URL. Pure. */
export interface PricingParams {
  darkMode: boolean;
  hideBanner: boolean;
  hideHeader: boolean;
  coupon: string | null;
  /** Extension name shown in the banner (overrides the CRM record's). */
  app: string | null;
  /** Slug of the CRM whose name the banner shows. */
  software: string | null;
}

/** Embedding pages write flags as `?dark_mode`, `?dark_mode=true` or `?dark_mode=1`; 'false'/'0' turn them off. */
function flag(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  if (value === null) return false;
  return !['false', '0', 'no', 'off'].includes(value.trim().toLowerCase());
}

function text(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}

export function readPricingParams(params: URLSearchParams): PricingParams {
  return {
    darkMode: flag(params, 'dark_mode'),
    hideBanner: flag(params, 'hide_banner'),
    hideHeader: flag(params, 'hide_header'),
    coupon: text(params, 'coupon'),
    app: text(params, 'app'),
    software: text(params, 'software'),
  };
}
