import Box from '@mui/material/Box';
import PageWidth from '../../../components/PageWidth';
import CssBaseline from '@mui/material/CssBaseline';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { selectLoading, selectUser } from '../../../entities/session';
import {
  BillingScheduleToggle,
  type PlanCardAction,
  PlanCards,
  usePlanCheckout,
  usePricing,
  type BillingSchedule,
} from '../../../entities/plan';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useDrawnAhead } from '../../../components/use-hydrated';
import { ContentSkeleton } from '../../../components/skeletons';
import { visuallyHidden } from '../../../components/visually-hidden';
import { planKeyOf, type PlanKey } from '../../../../shared/plans';
import PricingBanner from '../components/PricingBanner';
import PricingCoupon from '../components/PricingCoupon';
import { darkTheme } from '../dark-theme';
import { readPricingParams } from '../lib/pricing-params';
import { useAppConfig } from '../../../app/config';
import PublicFooter from '../../../components/PublicFooter';
import ErrorAlert from '../../../components/ErrorAlert';
import { MAIN_CONTENT_ID } from '../../../components/SkipLink';
import { msg, t } from '../../../i18n';
import { dashboardPaths, publicPaths } from '../../../lib/paths';

/** docs/product.md#the-pricing-page: public, embeddable (dark_mode, hide_banner, hide_header), with an optional coupon. */
export default function PricingPage() {
  useDocumentTitle('Pricing');
  const [searchParams] = useSearchParams();
  const params = readPricingParams(searchParams);
  const content = <PricingContent {...params} />;
  return params.darkMode ? (
    <ThemeProvider theme={darkTheme}>
      <CssBaseline />
      {content}
    </ThemeProvider>
  ) : (
    content
  );
}

function PricingContent({
  darkMode,
  hideBanner,
  hideHeader,
  coupon,
  app,
  software,
}: ReturnType<typeof readPricingParams>) {
  // docs/product.md#the-pricing-page: yearly by default on the public pricing page.
  const [schedule, setSchedule] = useState<BillingSchedule>('yearly');
  const appConfig = useAppConfig();
  const { pricing, loading, errorText, retry } = usePricing(schedule);
  const user = useAppSelector(selectUser);
  const userLoading = useAppSelector(selectLoading);
  const drawnAhead = useDrawnAhead();
  const checkout = usePlanCheckout(coupon);
  const currentPlan = user ? planKeyOf(user.subscription.stripe_product) : null;

  function actionFor(plan: PlanKey): PlanCardAction {
    if (!user) return { label: msg('Get Started'), to: publicPaths.signup };
    if (currentPlan === 'free' && pricing) {
      return {
        label: msg('Upgrade'),
        onSelect: () => void checkout.startCheckout(plan, pricing[plan], schedule),
      };
    }
    // A paying user changes plan from the dashboard (billing portal).
    return { label: msg('Change Plan'), to: dashboardPaths.billing };
  }

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <PageWidth component="main" id={MAIN_CONTENT_ID} tabIndex={-1} maxWidth="lg">
        <Stack spacing={3}>
          {!hideBanner && <PricingBanner app={app} software={software} dark={darkMode} />}
          {!hideHeader && (
            <Box sx={{ textAlign: 'center' }}>
              <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '3rem' } }}>
                {t('Pricing')}
              </Typography>
              <Typography color="text.secondary">
                {t('Choose the plan that fits your prospecting.')}
              </Typography>
            </Box>
          )}
          {coupon && <PricingCoupon code={coupon} />}
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <BillingScheduleToggle value={schedule} onChange={setSchedule} />
          </Box>
          <ErrorAlert error={errorText} onRetry={retry} />
          <ErrorAlert error={checkout.error} />
          {loading && <ContentSkeleton shape="cards" cardHeight={420} text="Loading prices" />}
          {/* The plan names are h3 (as on the billing page, under its h2): this h2 keeps the outline whole. */}
          {pricing && !loading && !hideHeader && <h2 style={visuallyHidden}>{t('Plans')}</h2>}
          {pricing && !loading && (
            <PlanCards
              pricing={pricing}
              schedule={schedule}
              currentPlan={currentPlan}
              actionFor={actionFor}
              busyPlan={checkout.processingPlan}
              // Until the initial load says who the visitor is, a click could go to the wrong place; but the
              // prerendered page keeps the anonymous visitor's links (to /signup) it was drawn with: disabled
              // at hydration they would flash and drop a click (docs/performance.md#no-flash).
              disabled={userLoading && !drawnAhead}
            />
          )}
        </Stack>
      </PageWidth>
      {/* Embedded in the extension (hide_header) the page is a widget, without the site's footer. */}
      {hideHeader ? null : <PublicFooter supportFormUrl={appConfig.supportFormUrl} />}
    </Box>
  );
}
