import Alert from '../../../components/LazyAlert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { selectErrorMessage, selectUser } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import { AccountCard } from '../components/AccountCard';
import { ContentSkeleton } from '../../../components/skeletons';
import { OrganizationCard } from '../components/OrganizationCard';
import { nextOnboardingStep } from '../lib/account';
import { JoinPrompt } from '../../../entities/company-domain';
import { t, translated } from '../../../i18n/index';
import { dashboardPaths } from '../../../lib/paths';

// The cards that ask the server for more (usage, invoices) arrive in a chunk of their own, after the
// account card: the Overview's first load stays within its budget (DESIGN.md "Performance from the start").
const HomeCards = lazy(() => import(/* webpackChunkName: "overview-cards" */ '../components/HomeCards'));

/**
 * /dashboard (docs/product.md#overview): the next onboarding step while one is missing, then the account,
 * credits against the cap, extension and CRM, seats, the next invoice and the organization.
 */
export default function OverviewPage() {
  useDocumentTitle('Overview');
  const user = useAppSelector(selectUser);
  const errorMessage = useAppSelector(selectErrorMessage);
  const step = user ? nextOnboardingStep(user) : null;

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('Overview')}
      </Typography>
      {errorMessage && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('Error: {message}', { message: translated(errorMessage) })}
        </Alert>
      )}
      {user && !user.organization && <JoinPrompt />}
      {step && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button
              component={RouterLink}
              to={step === 'install' ? dashboardPaths.installExtension : dashboardPaths.connection}
              color="inherit"
              size="small"
            >
              {step === 'install' ? t('Install Extension') : t('Connect your CRM')}
            </Button>
          }
        >
          {step === 'install'
            ? t('Next step: install the extension to sync prospects into your CRM.')
            : t('Next step: connect your CRM so the extension can sync prospects into it.')}
        </Alert>
      )}
      {user && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: {
              xs: '1fr',
              md: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          <AccountCard user={user} />
          <Suspense fallback={<ContentSkeleton shape="cards" count={1} />}>
            <HomeCards user={user} />
          </Suspense>
          <OrganizationCard userId={user.id} organization={user.organization} />
        </Box>
      )}
    </>
  );
}
