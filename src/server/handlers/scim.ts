/**
 * The SCIM 2.0 operations (docs/scim.md), one function per operationId of openapi.yaml's `scim` tag, for
 * the organization of the request's bearer token (http/scim.ts). Provisioning a user lets its person in
 * only with a proven address (joinWithin, or a mailed invitation: inviteToProve); deactivating or deleting
 * one deprovisions them in the same transaction as the change (domain/scim-provisioning.ts).
 */
import type { Organization, ScimGroup, ScimUser } from '../db/schema.js';
import { addressProven, freeMemberGrant, joinWithin } from '../domain/accounts.js';
import { applyMappedAccess } from '../domain/organizations.js';
import {
  accessOf,
  applyAccessChanges,
  deprovisionWithin,
  requireProvisionable,
  type MappedAccess,
} from '../domain/scim-provisioning.js';
import {
  applyGroupPatch,
  applyUserPatch,
  readFilter,
  readGroupInput,
  readPaging,
  readUserInput,
  ScimRefusal,
  type ScimGroupState,
  type ScimUserInput,
} from '../domain/scim-resources.js';
import { SCIM_BASE, type ScimAnswer, type ScimCall, type ScimHandlers } from '../http/scim.js';
import { mailingTransactions } from '../mail/with-mails.js';
import type { PermittedMail } from '../mail/mailer.js';
import type { InTransaction } from '../repositories/index.js';
import type { Services } from '../services.js';
import { inviteToProve } from './proving-invitation.js';
import { message } from '../../contract/messages.js';

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

const notFound = () => new ScimRefusal('not-found', message('scim_not_found'));
const userExists = () => new ScimRefusal('conflict', message('scim_user_exists'), 'uniqueness');
const groupExists = () => new ScimRefusal('conflict', message('scim_group_exists'), 'uniqueness');

/** The senders of the invitations provisioning mails (mail/mail-limits.ts). */
type ProvisioningSender = 'scimCreateUser' | 'scimReplaceUser' | 'scimPatchUser';

function listOf(resources: unknown[], total: number, startIndex: number) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

function meta(resourceType: 'User' | 'Group', row: ScimUser | ScimGroup, base: string) {
  return {
    resourceType,
    created: row.created_at.toISOString(),
    lastModified: row.updated_at.toISOString(),
    location: `${base}/${resourceType}s/${row.id}`,
  };
}

function inputOf(row: ScimUser): ScimUserInput {
  return {
    userName: row.user_name,
    externalId: row.external_id,
    givenName: row.given_name,
    familyName: row.family_name,
    active: row.active,
  };
}

function fieldsOf(input: ScimUserInput) {
  return {
    user_name: input.userName,
    external_id: input.externalId,
    given_name: input.givenName,
    family_name: input.familyName,
    active: input.active,
  };
}

export function scimHandlers(services: Services): ScimHandlers {
  const { repos, config } = services;
  const base = `${config.publicUrl.replace(/\/$/, '')}${SCIM_BASE}`;
  const withMails = mailingTransactions(services.mailer, repos.transaction);

  async function userJson(row: ScimUser) {
    const groups = await repos.scim.groupsOfUsers([row.id]);
    return usersJson([row], groups).then((users) => users[0]!);
  }

  async function usersJson(
    rows: ScimUser[],
    known?: { user_id: string; id: string; display_name: string }[],
  ) {
    const groups = known ?? (await repos.scim.groupsOfUsers(rows.map((row) => row.id)));
    return rows.map((row) => {
      const formatted = [row.given_name, row.family_name].filter(Boolean).join(' ') || null;
      return {
        schemas: [USER_SCHEMA],
        id: row.id,
        externalId: row.external_id,
        userName: row.user_name,
        name: { givenName: row.given_name, familyName: row.family_name, formatted },
        displayName: formatted ?? row.user_name,
        emails: [{ value: row.user_name, primary: true, type: 'work' }],
        active: row.active,
        groups: groups
          .filter((group) => group.user_id === row.id)
          .map((group) => ({ value: group.id, display: group.display_name })),
        meta: meta('User', row, base),
      };
    });
  }

  async function groupsJson(rows: ScimGroup[], withMembers = true) {
    const members = withMembers ? await repos.scim.membersOfGroups(rows.map((row) => row.id)) : [];
    return rows.map((row) => ({
      schemas: [GROUP_SCHEMA],
      id: row.id,
      externalId: row.external_id,
      displayName: row.display_name,
      ...(withMembers
        ? {
            members: members
              .filter((member) => member.group_id === row.id)
              .map((member) => ({ value: member.id, display: member.user_name })),
          }
        : {}),
      meta: meta('Group', row, base),
    }));
  }

  /**
   * Lets the person of an active SCIM user in: a proven account in no organization joins now (Free member,
   * then what their groups map); any other address is mailed an invitation, whose acceptance proves it.
   */
  async function admitWithin(
    tx: InTransaction,
    org: Organization,
    user: ScimUser,
    call: ScimCall & { operationId: ProvisioningSender },
  ): Promise<PermittedMail[]> {
    // Every way in, created or reactivated (replaced, patched): the address must be at the domain the
    // organization holds now, proven by DNS; it may have lost it since the user was created.
    requireProvisionable(org, user.user_name);
    const account = await tx.users.findByEmail(user.user_name);
    if (account?.organization_id === org.id) return [];
    if (account && account.organization_id !== null) {
      throw new ScimRefusal('conflict', message('scim_user_other_organization'), 'uniqueness');
    }
    if (account && addressProven(account)) {
      await joinWithin(tx, account, freeMemberGrant(org.id, null), call.ip, async () => {}, {
        type: 'scim.user_joined',
        actor: null,
      });
      const access = await accessOf(tx, org, user.id);
      if (access.role || access.product) await applyMappedAccess(tx, org, account.id, access, call.ip);
      return [];
    }
    return inviteToProve(services, call, tx, org, user.user_name, null, call.ip, null);
  }

  /** Saves a user's new attributes and does what a change of `active` or of the address means. */
  async function changeUser(call: ScimCall, change: (current: ScimUserInput) => ScimUserInput) {
    const org = call.organization;
    const saved = await withMails(
      async (tx) => {
        const locked = (await tx.organizations.findById(org.id, { forUpdate: true })) ?? org;
        const row = await tx.scim.findUser(org.id, call.id, { forUpdate: true });
        if (!row) throw notFound();
        const next = change(inputOf(row));
        const renamed = next.userName !== row.user_name;
        if (renamed) {
          requireProvisionable(org, next.userName);
          const other = await tx.scim.findUserByName(org.id, next.userName);
          if (other && other.id !== row.id) throw userExists();
        }
        // The person the old address names leaves when the address changes, as when deactivated; an inactive
        // user's person leaves whatever the row said before (they may have come in some other way, or been in
        // already when the identity provider created the user inactive).
        if (row.active && (!next.active || renamed)) {
          await deprovisionWithin(tx, org, row, 'deactivated', call.ip);
        } else if (!next.active) {
          await deprovisionWithin(tx, org, row, 'deactivated', call.ip, { admins: 'stay' });
        }
        await tx.scim.updateUser(row.id, fieldsOf(next));
        const updated = (await tx.scim.findUser(org.id, row.id))!;
        if (!next.active && renamed) {
          await deprovisionWithin(tx, org, updated, 'deactivated', call.ip, { admins: 'stay' });
        }
        const mails =
          next.active && (!row.active || renamed)
            ? await admitWithin(tx, locked, updated, call as ScimCall & { operationId: ProvisioningSender })
            : [];
        return { result: updated, mails };
      },
      { log: (error) => call.log.warn({ err: error }, 'SCIM provisioning invitation not sent') },
    );
    return { status: 200, body: await userJson(saved) } satisfies ScimAnswer;
  }

  /** Saves a group's new state and applies what its mappings give to the members that changed. */
  async function saveGroup(
    tx: InTransaction,
    org: Organization,
    group: ScimGroup,
    before: string[],
    next: ScimGroupState,
    call: ScimCall,
  ): Promise<void> {
    const other = await tx.scim.findGroupByName(org.id, next.displayName);
    if (other && other.id !== group.id) throw groupExists();
    const members = await tx.scim.userIdsAmong(org.id, next.members);
    const affected = new Set([...before, ...members]);
    const access = new Map<string, MappedAccess>();
    for (const id of affected) access.set(id, await accessOf(tx, org, id));
    await tx.scim.updateGroup(group.id, { display_name: next.displayName, external_id: next.externalId });
    const kept = new Set(members);
    await tx.scim.removeMembers(
      group.id,
      before.filter((id) => !kept.has(id)),
    );
    await tx.scim.addMembers(
      group.id,
      members.filter((id) => !before.includes(id)),
    );
    await applyAccessChanges(tx, org, access, call.ip);
  }

  async function changeGroup(call: ScimCall, change: (current: ScimGroupState) => ScimGroupState) {
    const org = call.organization;
    const saved = await repos.transaction(async (tx) => {
      await tx.organizations.findById(org.id, { forUpdate: true });
      const group = await tx.scim.findGroup(org.id, call.id, { forUpdate: true });
      if (!group) throw notFound();
      const before = (await tx.scim.membersOfGroups([group.id])).map((member) => member.id);
      const next = change({
        displayName: group.display_name,
        externalId: group.external_id,
        members: before,
      });
      await saveGroup(tx, org, group, before, next, call);
      return (await tx.scim.findGroup(org.id, group.id))!;
    });
    return { status: 200, body: (await groupsJson([saved]))[0] } satisfies ScimAnswer;
  }

  return {
    async scimServiceProviderConfig() {
      return { status: 200, body: serviceProviderConfig(config.publicUrl) };
    },

    async scimListSchemas() {
      return { status: 200, body: listOf(SCHEMAS, SCHEMAS.length, 1) };
    },

    async scimListResourceTypes() {
      return { status: 200, body: listOf(RESOURCE_TYPES, RESOURCE_TYPES.length, 1) };
    },

    async scimListUsers(call) {
      const filter = readFilter(call.query.filter, 'User');
      const { startIndex, count } = readPaging(call.query.startIndex, call.query.count);
      const page = await repos.scim.userPage(call.organization.id, filter, startIndex - 1, count);
      return { status: 200, body: listOf(await usersJson(page.rows), page.total, startIndex) };
    },

    async scimCreateUser(call) {
      const input = readUserInput(call.body);
      const org = call.organization;
      requireProvisionable(org, input.userName);
      const created = await withMails(
        async (tx) => {
          const locked = (await tx.organizations.findById(org.id, { forUpdate: true })) ?? org;
          if (await tx.scim.findUserByName(org.id, input.userName)) throw userExists();
          const row = await tx.scim.insertUser(org.id, fieldsOf(input));
          if (!row) throw userExists();
          // Created inactive: provisioned without letting anyone in, so a member already in leaves.
          if (!input.active) {
            await deprovisionWithin(tx, org, row, 'deactivated', call.ip, { admins: 'stay' });
          }
          const mails = input.active
            ? await admitWithin(tx, locked, row, { ...call, operationId: 'scimCreateUser' })
            : [];
          return { result: row, mails };
        },
        { log: (error) => call.log.warn({ err: error }, 'SCIM provisioning invitation not sent') },
      );
      return { status: 201, body: await userJson(created), location: `${base}/Users/${created.id}` };
    },

    async scimGetUser(call) {
      const row = await repos.scim.findUser(call.organization.id, call.id);
      if (!row) throw notFound();
      return { status: 200, body: await userJson(row) };
    },

    async scimReplaceUser(call) {
      const input = readUserInput(call.body);
      return changeUser(call, () => input);
    },

    async scimPatchUser(call) {
      // Read before the transaction: a malformed body is refused without touching anything.
      applyUserPatch(
        { userName: 'check@example.com', externalId: null, givenName: null, familyName: null, active: true },
        call.body,
      );
      return changeUser(call, (current) => applyUserPatch(current, call.body));
    },

    async scimDeleteUser(call) {
      const org = call.organization;
      await repos.transaction(async (tx) => {
        await tx.organizations.findById(org.id, { forUpdate: true });
        const row = await tx.scim.findUser(org.id, call.id, { forUpdate: true });
        if (!row) throw notFound();
        await deprovisionWithin(tx, org, row, 'deleted', call.ip);
        await tx.scim.deleteUser(row.id);
      });
      return { status: 204 };
    },

    async scimListGroups(call) {
      const filter = readFilter(call.query.filter, 'Group');
      const { startIndex, count } = readPaging(call.query.startIndex, call.query.count);
      const page = await repos.scim.groupPage(call.organization.id, filter, startIndex - 1, count);
      const withMembers = !/(^|,)\s*members\s*(,|$)/i.test(call.query.excludedAttributes ?? '');
      return { status: 200, body: listOf(await groupsJson(page.rows, withMembers), page.total, startIndex) };
    },

    async scimCreateGroup(call) {
      const input = readGroupInput(call.body);
      const org = call.organization;
      const created = await repos.transaction(async (tx) => {
        await tx.organizations.findById(org.id, { forUpdate: true });
        if (await tx.scim.findGroupByName(org.id, input.displayName)) throw groupExists();
        const group = await tx.scim.insertGroup(org.id, {
          display_name: input.displayName,
          external_id: input.externalId,
        });
        if (!group) throw groupExists();
        await saveGroup(tx, org, group, [], input, call);
        return group;
      });
      return {
        status: 201,
        body: (await groupsJson([created]))[0],
        location: `${base}/Groups/${created.id}`,
      };
    },

    async scimGetGroup(call) {
      const group = await repos.scim.findGroup(call.organization.id, call.id);
      if (!group) throw notFound();
      return { status: 200, body: (await groupsJson([group]))[0] };
    },

    async scimReplaceGroup(call) {
      const input = readGroupInput(call.body);
      return changeGroup(call, () => input);
    },

    async scimPatchGroup(call) {
      applyGroupPatch({ displayName: 'check', externalId: null, members: [] }, call.body);
      return changeGroup(call, (current) => applyGroupPatch(current, call.body));
    },

    async scimDeleteGroup(call) {
      const org = call.organization;
      await repos.transaction(async (tx) => {
        await tx.organizations.findById(org.id, { forUpdate: true });
        const group = await tx.scim.findGroup(org.id, call.id, { forUpdate: true });
        if (!group) throw notFound();
        const members = (await tx.scim.membersOfGroups([group.id])).map((member) => member.id);
        const access = new Map<string, MappedAccess>();
        for (const id of members) access.set(id, await accessOf(tx, org, id));
        await tx.scim.deleteGroup(group.id);
        await applyAccessChanges(tx, org, access, call.ip);
      });
      return { status: 204 };
    },
  };
}

function serviceProviderConfig(publicUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${publicUrl.replace(/\/$/, '')}/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 100 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: "The organization's SCIM token, created in Organization settings.",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig' },
  };
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const SCHEMAS = [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: USER_SCHEMA,
    name: 'User',
    description: 'A person of the organization, by their email address.',
    attributes: [
      attribute('userName', { required: true, uniqueness: 'server' }),
      attribute('externalId', { caseExact: true }),
      {
        ...attribute('name', { type: 'complex' }),
        subAttributes: [
          attribute('givenName'),
          attribute('familyName'),
          attribute('formatted', { mutability: 'readOnly' }),
        ],
      },
      attribute('displayName', { mutability: 'readOnly' }),
      attribute('active', { type: 'boolean' }),
      {
        ...attribute('emails', { type: 'complex', multiValued: true, mutability: 'readOnly' }),
        subAttributes: [attribute('value')],
      },
      {
        ...attribute('groups', { type: 'complex', multiValued: true, mutability: 'readOnly' }),
        subAttributes: [attribute('value'), attribute('display')],
      },
    ],
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'A group of users; its displayName may be mapped to a role or a product.',
    attributes: [
      attribute('displayName', { required: true, uniqueness: 'server' }),
      attribute('externalId', { caseExact: true }),
      {
        ...attribute('members', { type: 'complex', multiValued: true }),
        subAttributes: [attribute('value'), attribute('display', { mutability: 'readOnly' })],
      },
    ],
  },
];

const RESOURCE_TYPES = [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    schema: USER_SCHEMA,
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    schema: GROUP_SCHEMA,
  },
];
