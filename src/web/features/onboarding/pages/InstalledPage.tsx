/** /installed (spec §2.2, §4): the extension is installed; mark it, and ask the user to pin it. */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import PinSteps from '../components/PinSteps';
import StepPage from '../components/StepPage';
import { useGoToNextScreen } from '../hooks/useNextScreen';
import { useUserFlag } from '../hooks/useUserFlag';

export default function InstalledPage() {
  useDocumentTitle('Pin the extension');
  const { saving } = useUserFlag('has_installed', true);
  const goNext = useGoToNextScreen();

  return (
    <StepPage title="The extension is installed. Pin it!">
      <Typography color="text.secondary">Pin the extension so it is always one click away:</Typography>
      <PinSteps />
      <Button variant="contained" size="large" onClick={goNext} disabled={saving}>
        {saving ? 'Saving...' : 'Continue'}
      </Button>
    </StepPage>
  );
}
