/** user: get-user, set-settings, set-user-boolean. */
import { presentUser } from '../domain/present.js';
import { invalid } from '../domain/errors.js';
import type { Handlers } from '../http/api.js';
import type { Services } from '../services.js';

export function userHandlers(
  services: Services,
): Pick<Handlers, 'getUser' | 'setSettings' | 'setUserBoolean'> {
  const { db } = services;
  return {
    async getUser(ctx) {
      return { error: false, data: await presentUser(db, await ctx.user()) };
    },

    async setSettings(ctx) {
      const user = await ctx.user();
      const name = ctx.body.name.trim();
      if (!name) throw invalid('Please enter your name.');
      const updated = await db
        .updateTable('users')
        .set({ name })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { error: false, message: 'Profile updated successfully!', data: await presentUser(db, updated) };
    },

    async setUserBoolean(ctx) {
      const user = await ctx.user();
      // The contract limits key to the two onboarding flags, so the column name is never user-chosen.
      const { key, value } = ctx.body;
      await db
        .updateTable('users')
        .set(key === 'has_installed' ? { has_installed: value } : { has_onboarded: value })
        .where('id', '=', user.id)
        .execute();
      return { error: false, message: 'Saved.' };
    },
  };
}
