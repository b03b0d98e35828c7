import { flagOn } from '../../../../shared/prerender';

/** The query parameters of /pricing (docs/product.md#the-pricing-page), read once from the URL. Pure. */
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

/** A flag as embedding pages write it (`?dark_mode`, `=true`, `=1`...; shared with the prerendered variants). */
function flag(params: URLSearchParams, name: string): boolean {
  return flagOn(params.get(name));
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
