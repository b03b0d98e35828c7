import { useAppSelector } from '../../../app/hooks';
import { SeatsSummary } from '../../../entities/plan';
import { selectUser } from '../../../entities/session';
import { t } from '../../../i18n';
import { roleCan } from '../../../../shared/permissions';
import { useMembersPage } from '../hooks/use-members-page';
import { useReport } from '../hooks/use-report';
import { CompanyDomainSection } from './CompanyDomainSection';
import { CreditAlertsSection } from './CreditAlertsSection';
import { OrganizationNameForm } from './OrganizationNameForm';
import { PageSection } from './PageSection';
import { ProvisioningSection } from './ProvisioningSection';

/**
 * The organization's settings (name, seats, credit alerts, company domain, SCIM provisioning), after the people: they change rarely, the lists
 * are what admins come for.
 */
export function OrganizationSettings() {
  const viewer = useAppSelector(selectUser);
  const { data, members } = useMembersPage();
  const report = useReport();
  const purchasedSeats = viewer?.organization?.seats;
  const showSeats = Boolean(purchasedSeats && data);
  const showDomain = roleCan(viewer?.role, 'organization.domain');
  const showName = roleCan(viewer?.role, 'organization.settings');
  const showAlerts = roleCan(viewer?.role, 'credits.govern');
  // SCIM needs the organization (its verified domain); docs/scim.md.
  const showProvisioning =
    roleCan(viewer?.role, 'organization.provisioning') && Boolean(viewer?.organization);
  if (!showSeats && !showDomain && !showName && !showAlerts) return null;
  return (
    <PageSection title={t('Organization settings')}>
      {showName && (
        <PageSection title={t('Organization name')} level={3}>
          <OrganizationNameForm
            name={viewer?.organization?.name ?? ''}
            onDone={(message) => report({ success: message })}
          />
        </PageSection>
      )}
      {showSeats && purchasedSeats && data && (
        <PageSection title={t('Seats')} level={3}>
          <SeatsSummary purchased={purchasedSeats} assigned={data.assigned_seats} />
        </PageSection>
      )}
      {showAlerts && (
        <PageSection title={t('Credit alerts')} level={3}>
          <CreditAlertsSection onDone={(message) => report({ success: message })} />
        </PageSection>
      )}
      {showDomain && (
        <PageSection title={t('Company domain')} level={3}>
          <CompanyDomainSection
            onDone={(message) => report({ success: message })}
            onMemberJoined={() => void members.refetch()}
          />
        </PageSection>
      )}
      {showProvisioning && (
        <PageSection title={t('Provisioning (SCIM)')} level={3}>
          <ProvisioningSection onDone={(message) => report({ success: message })} />
        </PageSection>
      )}
    </PageSection>
  );
}
