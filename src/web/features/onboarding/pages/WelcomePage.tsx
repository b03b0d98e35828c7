/** /welcome (spec §2.2, §4): the pre-signup pin step, shown by the extension right after it is installed. */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import PinSteps from '../components/PinSteps';
import StepPage from '../components/StepPage';
import { useGoToNextScreen } from '../hooks/useNextScreen';
import { useUserFlag } from '../hooks/useUserFlag';

export default function WelcomePage() {
  useDocumentTitle('Welcome');
  const { saving } = useUserFlag('has_installed', true);
  const goNext = useGoToNextScreen();

  return (
    <StepPage title="Welcome! Pin the extension first">
      <Typography color="text.secondary">
        The extension is installed. Pin it so it is always one click away, then create your account.
      </Typography>
      <PinSteps />
      <Button variant="contained" size="large" onClick={goNext} disabled={saving}>
        {saving ? 'Saving...' : 'Continue'}
      </Button>
    </StepPage>
  );
}
