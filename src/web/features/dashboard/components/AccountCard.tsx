import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tag from '../../../components/Tag';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { components } from '../../../../contract/api';
import { planName } from '../../../../shared/plans';
import { billingIntervalBadge } from '../lib/account';
import { t, translated } from '../../../i18n/index';
import { formatNumber } from '../../../i18n/format';
import { dashboardPaths } from '../../../lib/paths';

type User = components['schemas']['User'];

const INSTALL_EXTENSION_PATH = dashboardPaths.installExtension;

/** The Overview's account card: email, credits with the billing interval, product, extension status. */
export function AccountCard({
  user,
}: {
  user: Pick<User, 'email' | 'credits' | 'subscription' | 'has_installed'>;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="account-card-title">
      <CardContent>
        <Typography id="account-card-title" variant="h6" component="h2" gutterBottom>
          {t('Account')}
        </Typography>
        <Stack spacing={1.5}>
          <Field label={t('Email')}>{user.email}</Field>
          <Field label={t('Credits remaining')}>
            <Stack direction="row" spacing={1} alignItems="center" component="span">
              <span>{formatNumber(user.credits)}</span>
              <Tag label={translated(billingIntervalBadge(user.subscription))} />
            </Stack>
          </Field>
          <Field label={t('Current product')}>{planName(user.subscription?.stripe_product)}</Field>
          <Field label={t('Extension installed')}>
            <Stack direction="row" spacing={1} alignItems="center" component="span">
              <span>{user.has_installed ? t('Yes') : t('No')}</span>
              {!user.has_installed && (
                <Button component={RouterLink} to={INSTALL_EXTENSION_PATH} size="small" variant="outlined">
                  {t('Install Extension')}
                </Button>
              )}
            </Stack>
          </Field>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {children}
      </Typography>
    </div>
  );
}
