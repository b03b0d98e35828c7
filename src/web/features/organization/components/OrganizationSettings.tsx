import { useAppSelector } from '../../../app/hooks';
import { SeatsSummary } from '../../../entities/plan';
import { selectUser } from '../../../entities/session';
import { t } from '../../../i18n';
import { roleCan } from '../../../../shared/permissions';
import { useMembersPage } from '../hooks/use-members-page';
import { useReport } from '../hooks/use-report';
import { CompanyDomainSection } from './CompanyDomainSection';
import { CreditAlertsForm } from './CreditAlertsForm';
import { FormDisclosure } from '../../../components/FormDisclosure';
import { OrganizationNameForm } from './OrganizationNameForm';
import { PageSection } from './PageSection';
import { ProvisioningSettings } from './ProvisioningSettings';
import { SessionPoliciesForm } from './SessionPoliciesForm';
import { SingleSignOnSettings } from './SingleSignOnSettings';

/**
 * The organization's settings (name, seats, credit alerts, session policies, company domain, SCIM provisioning,
 * single sign-on), after the people: they change rarely, the lists
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
  const showPolicies = roleCan(viewer?.role, 'organization.security');
  // SCIM needs the organization (its verified domain); docs/scim.md.
  const showProvisioning =
    roleCan(viewer?.role, 'organization.provisioning') && Boolean(viewer?.organization);
  // Single sign-on needs the organization (its verified domain) too; docs/product.md#single-sign-on.
  const showSso = roleCan(viewer?.role, 'organization.sso') && Boolean(viewer?.organization);
  if (!showSeats && !showDomain && !showName && !showAlerts && !showPolicies) return null;
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
          <FormDisclosure
            intro={t(
              'Choose which credit events admins are mailed about, and the monthly cap new members start with.',
            )}
            openLabel={t('Set credit alerts')}
            closeLabel={t('Hide credit alerts')}
          >
            <CreditAlertsForm onDone={(message) => report({ success: message })} />
          </FormDisclosure>
        </PageSection>
      )}
      {showPolicies && (
        <PageSection title={t('Session policies')} level={3}>
          <FormDisclosure
            intro={t('Sign members out after a time, and choose the networks they may use the product from.')}
            openLabel={t('Set session policies')}
            closeLabel={t('Hide session policies')}
          >
            <SessionPoliciesForm onDone={(message) => report({ success: message })} />
          </FormDisclosure>
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
          <FormDisclosure
            intro={t(
              'Connect Okta, Entra ID or Google Workspace to add and remove your people automatically.',
            )}
            openLabel={t('Set up provisioning')}
            closeLabel={t('Hide provisioning')}
          >
            <ProvisioningSettings onDone={(message) => report({ success: message })} />
          </FormDisclosure>
        </PageSection>
      )}
      {showSso && (
        <PageSection title={t('Single sign-on (SSO)')} level={3}>
          <FormDisclosure
            intro={t('Let your people sign in through Okta, Entra ID or Google Workspace.')}
            openLabel={t('Set up single sign-on')}
            closeLabel={t('Hide single sign-on')}
          >
            <SingleSignOnSettings onDone={(message) => report({ success: message })} />
          </FormDisclosure>
        </PageSection>
      )}
    </PageSection>
  );
}
