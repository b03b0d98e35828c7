/** /complete (spec §2.2, §4): setup is complete; has_onboarded becomes true. */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { selectSoftware } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import StepPage from '../components/StepPage';
import { useUserFlag } from '../hooks/useUserFlag';

export default function CompletePage() {
  useDocumentTitle('Setup complete');
  const { saving } = useUserFlag('has_onboarded', true);
  const software = useAppSelector(selectSoftware);

  return (
    <StepPage title="Setup complete!">
      <Typography color="text.secondary">
        {software
          ? `You are all set: open a profile and sync it to ${software.software} in one click.`
          : 'You are all set: open a profile and sync it to your CRM in one click.'}
      </Typography>
      {saving ? (
        <LoadingState text="Saving..." />
      ) : (
        <Button component={RouterLink} to="/dashboard" variant="contained" size="large">
          Go to the dashboard
        </Button>
      )}
    </StepPage>
  );
}
