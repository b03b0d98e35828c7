/** /complete (docs/product.md#install-welcome-and-finish-steps): setup is complete; has_onboarded becomes true. */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Await, Link as RouterLink } from 'react-router-dom';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import { JoinPrompt } from '../../../entities/company-domain';
import { selectSoftware } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import StepPage from '../components/StepPage';
import { saveUserFlag } from '../lib/user-flag';
import { t } from '../../../i18n';
import { dashboardPaths } from '../../../lib/paths';

export const loader = ((entry) => saveUserFlag(entry, 'has_onboarded', true)) satisfies EntryLoader;

export default function CompletePage() {
  useDocumentTitle('Setup complete');
  const { saved } = useEntryData<typeof loader>();
  const software = useAppSelector(selectSoftware);

  return (
    <StepPage title={t('Setup complete!')}>
      {/* docs/product.md#requests-to-join: the last onboarding step, before the extension takes over (see InstallPage). */}
      <JoinPrompt />
      <Typography color="text.secondary">
        {software
          ? t('You are all set: open a profile and sync it to {software} in one click.', {
              software: software.software,
            })
          : t('You are all set: open a profile and sync it to your CRM in one click.')}
      </Typography>
      <Suspense fallback={<LoadingState text="Saving..." />}>
        <Await resolve={saved}>
          <Button component={RouterLink} to={dashboardPaths.overview} variant="contained" size="large">
            {t('Go to the dashboard')}
          </Button>
        </Await>
      </Suspense>
    </StepPage>
  );
}
