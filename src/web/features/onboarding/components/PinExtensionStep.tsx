/**
 * The pin step of /welcome and /installed (docs/product.md#local-flags-and-the-auth-route): marks the extension installed, shows how to pin it,
 * and Continue goes on along the onboarding order. The page gives the heading and the text above the steps.
 */
import Button from '@mui/material/Button';
import { Suspense, type ReactNode } from 'react';
import { Await } from 'react-router-dom';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import { useGoToNextScreen } from '../hooks/use-next-screen';
import { saveUserFlag } from '../lib/user-flag';
import PinSteps from './PinSteps';
import StepPage from './StepPage';
import { t } from '../../../i18n';

/** The entry work of both pages: the extension is installed. */
export const pinStepLoader = ((entry) => saveUserFlag(entry, 'has_installed', true)) satisfies EntryLoader;

export default function PinExtensionStep({ title, children }: { title: string; children: ReactNode }) {
  const { saved } = useEntryData<typeof pinStepLoader>();
  const goNext = useGoToNextScreen();

  return (
    <StepPage title={title}>
      {children}
      <PinSteps />
      <Suspense
        fallback={
          <Button variant="contained" size="large" disabled>
            {t('Saving...')}
          </Button>
        }
      >
        <Await resolve={saved}>
          <Button variant="contained" size="large" onClick={goNext}>
            {t('Continue')}
          </Button>
        </Await>
      </Suspense>
    </StepPage>
  );
}
