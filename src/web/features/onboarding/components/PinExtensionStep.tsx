/**
 * The pin step of /welcome and /installed (spec §4): marks the extension installed, shows how to pin it,
 * and Continue goes on along the onboarding order. The page gives the heading and the text above the steps.
 */
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useGoToNextScreen } from '../hooks/useNextScreen';
import { useUserFlag } from '../hooks/useUserFlag';
import PinSteps from './PinSteps';
import StepPage from './StepPage';

export default function PinExtensionStep({ title, children }: { title: string; children: ReactNode }) {
  const { saving } = useUserFlag('has_installed', true);
  const goNext = useGoToNextScreen();

  return (
    <StepPage title={title}>
      {children}
      <PinSteps />
      <Button variant="contained" size="large" onClick={goNext} disabled={saving}>
        {saving ? 'Saving...' : 'Continue'}
      </Button>
    </StepPage>
  );
}
