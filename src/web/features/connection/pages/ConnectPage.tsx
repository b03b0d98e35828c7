import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import ConnectMethods from '../components/ConnectMethods';
import ConnectionCard from '../components/ConnectionCard';
import PageLoading from '../components/PageLoading';
import SoftwareLogo from '../components/SoftwareLogo';
import ChooseSoftware from '../components/ChooseSoftware';
import { useChosenSoftware } from '../../../app/chosen-software';

/**
 * /connect: the Connect step of onboarding. The chosen CRM comes from the shared state or the stored
 * `software` slug. Spec §8 has 'Software not found' and 'Software not found.': this page shows the
 * first, the dashboard connection and API key screens the second (the text quoted in spec §2.1).
 */
export default function ConnectPage() {
  useDocumentTitle('Connect');
  const { software, isLoading } = useChosenSoftware();

  return (
    <ConnectionCard>
      {isLoading ? (
        <PageLoading />
      ) : !software ? (
        <ChooseSoftware notFoundText="Software not found" />
      ) : (
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} alignItems="center">
            <SoftwareLogo name={software.software} logoUrl={software.logo_url} />
            <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
              Connect {software.software}
            </Typography>
          </Stack>
          <Typography color="text.secondary">
            Connect your {software.software} account so {software.app} can sync prospects into it in one
            click.
          </Typography>
          <ConnectMethods software={software} variant="public" />
        </Stack>
      )}
    </ConnectionCard>
  );
}
