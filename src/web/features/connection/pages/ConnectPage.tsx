import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { JoinPrompt } from '../../../entities/company-domain';
import { selectUser } from '../../../entities/session';
import { useChosenSoftware } from '../../../entities/crm';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import ChooseSoftware from '../components/ChooseSoftware';
import ConnectMethods from '../components/ConnectMethods';
import ConnectionCard from '../components/ConnectionCard';
import ConnectionHeading from '../components/ConnectionHeading';
import LoadingState from '../../../components/LoadingState';
import SignInFirst from '../components/SignInFirst';
import SoftwareLogo from '../components/SoftwareLogo';
import { t } from '../../../i18n';

/**
 * /connect: the Connect step of onboarding. The chosen CRM comes from the shared state or the stored
 * `software` slug. docs/product.md#connection-texts has 'Software not found' and 'Software not found.': this page shows the
 * first, the dashboard connection and API key screens the second (the text quoted in docs/product.md#api-key-form).
 */
export default function ConnectPage() {
  useDocumentTitle('Connect');
  const { software, isLoading } = useChosenSoftware();
  const user = useAppSelector(selectUser);

  return (
    <ConnectionCard variant="public">
      {/* docs/product.md#requests-to-join: the onboarding order leads a new signup here and on to the extension, often never
          through the overview, so the offer to join their company's organization shows here too. */}
      <JoinPrompt />
      {isLoading ? (
        <LoadingState />
      ) : !software ? (
        // Every page has an h1 (WCAG 1.3.1), this state too: the CRM is the one thing not yet known.
        <Stack spacing={3}>
          <ConnectionHeading>{t('Connect your CRM')}</ConnectionHeading>
          <ChooseSoftware notFoundText="Software not found" />
        </Stack>
      ) : (
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} alignItems="center">
            <SoftwareLogo name={software.software} logoUrl={software.logo_url} />
            <ConnectionHeading>{t('Connect {software}', { software: software.software })}</ConnectionHeading>
          </Stack>
          <Typography color="text.secondary">
            {t('Connect your {software} account so {app} can sync prospects into it in one click.', {
              software: software.software,
              app: software.app,
            })}
          </Typography>
          {user ? <ConnectMethods software={software} variant="public" /> : <SignInFirst />}
        </Stack>
      )}
    </ConnectionCard>
  );
}
