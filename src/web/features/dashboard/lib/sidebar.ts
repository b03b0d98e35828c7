/**
 * Which entries the dashboard sidebar shows (docs/product.md#dashboard-shell), as a pure function of the user
 * and the software record, so every rule is tested without rendering.
 */
import type { components } from '../../../../contract/api';
import { managesBilling, roleCan } from '../../../../shared/permissions';
import { dashboardPaths, memberEditPrefix, publicPaths } from '../../../lib/paths';

type User = components['schemas']['User'];
type Software = components['schemas']['Software'];

export type SidebarEntryId =
  | 'overview'
  | 'organization'
  | 'audit'
  | 'settings'
  | 'usage'
  | 'crm-sync'
  | 'connection'
  | 'billing'
  | 'install-extension'
  | 'logout';

export interface SidebarEntry {
  id: SidebarEntryId;
  label: string;
  /** An app path (router link) or, for `newTab` entries, any URL. */
  href: string;
  /** Opens in a new browser tab (Connection and Install extension). */
  newTab: boolean;
}

/** The fields of the user the rules read; a full contract User fits. */
export type SidebarUser = Pick<User, 'id' | 'role' | 'personal_connection_id' | 'connection_id'> & {
  organization: Pick<NonNullable<User['organization']>, 'billing_admin_id'> | null;
};

export type SidebarSoftware = Pick<Software, 'chrome_extension_url'>;

/** The user's own connection is the one the extension uses (not an organization-wide one). */
export function usesPersonalConnection(
  user: Pick<User, 'personal_connection_id' | 'connection_id'>,
): boolean {
  return (user.personal_connection_id ?? null) === (user.connection_id ?? null);
}

/** The store URL of the extension, or null when the software record has none. */
function extensionStoreUrl(software: SidebarSoftware | null | undefined): string | null {
  const url = software?.chrome_extension_url?.trim();
  return url ? url : null;
}

export function sidebarEntries(
  user: SidebarUser,
  software: SidebarSoftware | null | undefined,
): SidebarEntry[] {
  const entries: SidebarEntry[] = [
    { id: 'overview', label: 'Overview', href: dashboardPaths.overview, newTab: false },
  ];
  if (roleCan(user.role, 'organization.view')) {
    entries.push({
      id: 'organization',
      label: 'Organization',
      href: dashboardPaths.organization,
      newTab: false,
    });
  }
  if (roleCan(user.role, 'audit.view')) {
    entries.push({ id: 'audit', label: 'Audit log', href: dashboardPaths.audit, newTab: false });
  }
  entries.push({ id: 'settings', label: 'Settings', href: dashboardPaths.settings, newTab: false });
  // docs/product.md#usage: everyone sees their credit usage; admins see their team's.
  entries.push({ id: 'usage', label: 'Usage', href: dashboardPaths.usage, newTab: false });
  // docs/product.md#crm-sync-rules: everyone reads the team's sync settings and their sync log.
  entries.push({ id: 'crm-sync', label: 'CRM sync', href: dashboardPaths.crmSync, newTab: false });
  if (usesPersonalConnection(user)) {
    entries.push({ id: 'connection', label: 'Connection', href: publicPaths.connect, newTab: true });
  }
  // Billing belongs to the billing admin, or to any admin while the organization has none (docs/product.md#roles-and-permissions).
  if (managesBilling(user)) {
    entries.push({ id: 'billing', label: 'Billing', href: dashboardPaths.billing, newTab: false });
  }
  const storeUrl = extensionStoreUrl(software);
  if (storeUrl) {
    entries.push({ id: 'install-extension', label: 'Install extension', href: storeUrl, newTab: true });
  }
  entries.push({ id: 'logout', label: 'Logout', href: publicPaths.logout, newTab: false });
  return entries;
}

/**
 * The entry to highlight for the current path: the longest app path that is the path itself or one
 * of its parents, so /dashboard/billing/success highlights Billing and /dashboard highlights Overview
 * only on the index. Member edit pages highlight Organization.
 */
export function activeEntryId(entries: readonly SidebarEntry[], pathname: string): SidebarEntryId | null {
  let path = pathname.replace(/\/+$/, '') || '/';
  // The member edit page belongs to the Organization screen.
  if (path.startsWith(memberEditPrefix)) path = dashboardPaths.organization;
  let best: SidebarEntry | null = null;
  for (const entry of entries) {
    if (entry.newTab) continue;
    const matches =
      entry.href === dashboardPaths.overview
        ? path === dashboardPaths.overview
        : path === entry.href || path.startsWith(`${entry.href}/`);
    if (matches && (!best || entry.href.length > best.href.length)) best = entry;
  }
  return best?.id ?? null;
}
