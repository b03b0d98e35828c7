import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useGetInvoicesQuery } from '../../../api/endpoints/billing';
import { useGetCreditUsageQuery } from '../../../api/endpoints/credits';
import type { User } from '../../../api/contract-types';
import Tag from '../../../components/Tag';
import { ContentSkeleton } from '../../../components/skeletons';
import { CapUsage } from '../../../entities/credits';
import { connectionAttention } from '../../../entities/crm';
import { formatAmount } from '../../../entities/plan';
import { formatNumber } from '../../../i18n/format';
import { formatDate } from '../../../lib/dates';
import { managesBilling } from '../../../../shared/permissions';
import { t, translated } from '../../../i18n';
import { dashboardPaths } from '../../../lib/paths';

/** One card of the Overview: a heading, what it says, and where to go from it. */
function HomeCard({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Stack spacing={1}>{children}</Stack>
        {action && (
          <Stack direction="row" sx={{ mt: 2 }}>
            {action}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={RouterLink} to={to} size="small" variant="outlined">
      {children}
    </Button>
  );
}

/** The Overview's cards between the account and the organization, in reading order. */
export default function HomeCards({ user }: { user: User }) {
  return (
    <>
      <CreditsCard />
      <SetupCard user={user} />
      <SeatsCard user={user} />
      <NextInvoiceCard user={user} />
    </>
  );
}

/** This period's spending against the member's monthly cap (the balance is on the account card). */
function CreditsCard() {
  const usage = useGetCreditUsageQuery({});
  return (
    <HomeCard
      id="home-credits"
      title={t('Credits this period')}
      action={<LinkButton to={dashboardPaths.usage}>{t('View usage')}</LinkButton>}
    >
      {usage.isLoading ? (
        <ContentSkeleton count={1} text="Loading usage" />
      ) : usage.data ? (
        <CapUsage
          spent={usage.data.data.period_spent}
          cap={usage.data.data.monthly_cap ?? null}
          periodEnd={usage.data.data.period_end}
        />
      ) : (
        <Typography color="text.secondary">{t('Not available')}</Typography>
      )}
    </HomeCard>
  );
}

/**
 * Whether the extension is installed and the CRM connected: what makes the product work at all. A
 * connection the CRM stopped accepting needs attention (docs/product.md#connection-health): Reconnect leads
 * to the CRM Connection page, where connecting again starts; a member whose organization's shared
 * connection it is learns that an admin reconnects it.
 */
function SetupCard({ user }: { user: User }) {
  const installed = user.has_installed;
  const connected = Boolean(user.connection_id);
  const attention = connectionAttention(user);
  return (
    <HomeCard id="home-setup" title={t('Extension and CRM')}>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        <Typography>{t('Extension')}</Typography>
        <Tag
          label={installed ? t('Installed') : t('Not installed')}
          color={installed ? 'success' : 'default'}
        />
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        <Typography>{t('CRM connection')}</Typography>
        {attention ? (
          <Tag label={t('Needs attention')} color="warning" />
        ) : (
          <Tag
            label={connected ? t('Connected') : t('Not connected')}
            color={connected ? 'success' : 'default'}
          />
        )}
      </Stack>
      {attention === 'reconnect' && (
        <>
          <Typography color="text.secondary">
            {t('Your CRM no longer accepts this connection: reconnect it to keep syncing profiles.')}
          </Typography>
          <div>
            <LinkButton to={dashboardPaths.connection}>{t('Reconnect')}</LinkButton>
          </div>
        </>
      )}
      {attention === 'ask-admin' && (
        <Typography color="text.secondary">
          {t("Your CRM no longer accepts your organization's connection: an admin reconnects it.")}
        </Typography>
      )}
      {!installed && (
        <div>
          <LinkButton to={dashboardPaths.installExtension}>{t('Install Extension')}</LinkButton>
        </div>
      )}
      {installed && !connected && (
        <div>
          <LinkButton to={dashboardPaths.connection}>{t('Connect your CRM')}</LinkButton>
        </div>
      )}
    </HomeCard>
  );
}

/** The organization's seats: bought per product and how many people share them. */
function SeatsCard({ user }: { user: User }) {
  const organization = user.organization;
  if (!organization) return null;
  const { standard, pro } = organization.seats;
  return (
    <HomeCard
      id="home-seats"
      title={t('Seats')}
      action={<LinkButton to={dashboardPaths.organization}>{t('Manage members')}</LinkButton>}
    >
      <Typography>
        {t('{standard} Standard and {pro} Pro seats purchased', {
          standard: formatNumber(standard),
          pro: formatNumber(pro),
        })}
      </Typography>
      <Typography color="text.secondary">
        {t('{count, plural, one {# member} other {# members}} in {organization}', {
          count: organization.member_count,
          organization: translated(organization.name),
        })}
      </Typography>
    </HomeCard>
  );
}

/** For whoever manages billing: the amount and date of the next invoice. */
function NextInvoiceCard({ user }: { user: User }) {
  const billing = managesBilling(user);
  const { data, isLoading, isError } = useGetInvoicesQuery(undefined, { skip: !billing });
  if (!billing) return null;
  const next = data?.data.next_invoice;
  return (
    <HomeCard
      id="home-invoice"
      title={t('Next invoice')}
      action={<LinkButton to={dashboardPaths.billing}>{t('View billing')}</LinkButton>}
    >
      {isLoading ? (
        <ContentSkeleton count={1} text="Loading invoices" />
      ) : isError ? (
        <Typography color="text.secondary">{t('Not available')}</Typography>
      ) : next ? (
        <>
          <Typography variant="h4" component="p">
            {formatAmount(next.amount / 100)}
          </Typography>
          <Typography color="text.secondary">{t('due {date}', { date: formatDate(next.date) })}</Typography>
        </>
      ) : (
        <Typography color="text.secondary">{t('No upcoming invoice')}</Typography>
      )}
    </HomeCard>
  );
}
