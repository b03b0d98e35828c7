import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { selectErrorMessage, selectUser } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import { AccountCard } from '../components/AccountCard';
import { OrganizationCard } from '../components/OrganizationCard';
import { JoinPrompt } from '../../../entities/company-domain';
import { t, translated } from '../../../i18n/index';

/** /dashboard (spec §2.1 Overview): the account card and the organization card. */
export default function OverviewPage() {
  useDocumentTitle('Overview');
  const user = useAppSelector(selectUser);
  const errorMessage = useAppSelector(selectErrorMessage);

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
      {user && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <AccountCard user={user} />
          <OrganizationCard userId={user.id} organization={user.organization} />
        </Box>
      )}
    </>
  );
}
