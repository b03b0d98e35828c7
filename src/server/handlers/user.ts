/** user: get-user, set-settings, set-user-boolean. */
import { viewOfUser } from '../domain/accounts.js';
import { presentUser } from '../domain/present.js';
import { invalid } from '../domain/errors.js';
import type { Handlers } from '../http/api.js';
import type { Services } from '../services.js';
import { message } from '../../contract/messages.js';

export function userHandlers(
  services: Services,
): Pick<Handlers, 'getUser' | 'setSettings' | 'setUserBoolean'> {
  const { users } = services.repos;
  return {
    async getUser(ctx) {
      // The user and their view come from the session lookup: one statement for the whole call.
      return { error: false, data: presentUser(await ctx.user(), await ctx.view()) };
    },

    async setSettings(ctx) {
      const user = await ctx.user();
      const name = ctx.body.name.trim();
      if (!name) throw invalid(message('name_missing'));
      const updated = await users.updateAndGet(user.id, { name });
      return {
        error: false,
        ...message('profile_updated'),
        data: await viewOfUser(users, updated, (await ctx.view()).session_sign_in_method ?? null),
      };
    },

    async setUserBoolean(ctx) {
      const user = await ctx.user();
      // The contract limits key to the two onboarding flags, so the column name is never user-chosen.
      const { key, value } = ctx.body;
      await users.update(
        user.id,
        key === 'has_installed' ? { has_installed: value } : { has_onboarded: value },
      );
      return { error: false, ...message('saved') };
    },
  };
}
