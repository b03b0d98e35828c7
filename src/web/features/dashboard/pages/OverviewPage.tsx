import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { selectErrorMessage, selectUser } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import { AccountCard } from '../components/AccountCard';
import { OrganizationCard } from '../components/OrganizationCard';
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
      {user && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <AccountCard user={user} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <OrganizationCard userId={user.id} organization={user.organization} />
          </Grid>
        </Grid>
      )}
    </>
  );
}
