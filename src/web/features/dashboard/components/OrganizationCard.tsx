import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tag from '../../../components/Tag';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { components } from '../../../../contract/api';
import { isBillingAdmin } from '../../../../shared/permissions';
import { t, translated } from '../../../i18n/index';
import { dashboardPaths } from '../../../lib/paths';

type Organization = components['schemas']['Organization'];

export interface OrganizationCardProps {
  userId: string;
  organization: Pick<Organization, 'name' | 'billing_admin_id'> | null | undefined;
}

/**
 * The Overview's organization card: its name, the user's badge (Admin only for the billing admin,
 * docs/product.md#overview) and, for the billing admin, a Manage link to the Organization screen.
 */
export function OrganizationCard({ userId, organization }: OrganizationCardProps) {
  const billingAdmin = isBillingAdmin(userId, organization);
  return (
    <Card variant="outlined" component="section" aria-labelledby="organization-card-title">
      <CardContent>
        <Typography id="organization-card-title" variant="h6" component="h2" gutterBottom>
          {t('Organization')}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="body1">
            {organization?.name ? translated(organization.name) : t('Not part of an organization')}
          </Typography>
          <Tag label={billingAdmin ? t('Admin') : t('Member')} color={billingAdmin ? 'primary' : 'default'} />
        </Stack>
        {billingAdmin && (
          <Button component={RouterLink} to={dashboardPaths.organization} size="small" sx={{ mt: 2 }}>
            {t('Manage')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
