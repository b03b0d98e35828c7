/**
 * What signup and Google sign-in send besides the credentials (docs/product.md#api-calls): the chosen CRM, whether the
 * extension is installed, the invitation token and the five UTM values, all from local storage.
 */
import { getFlag, getItem, removeItem, storageKeys } from '../../../lib/storage';
import { storedUtm, type UtmSet } from '../../../lib/utm';

export interface OnboardingFields extends UtmSet {
  software: string | null;
  has_installed: boolean;
  invitation_token: string | null;
}

export function onboardingFields(): OnboardingFields {
  return {
    software: getItem(storageKeys.software),
    has_installed: getFlag(storageKeys.hasInstalled),
    invitation_token: getItem(storageKeys.invitationToken),
    ...storedUtm(),
  };
}

/**
 * After an account was made or signed in with these fields: the invitation token has served (or belongs
 * to nobody now); left in storage it would go with a later signup of someone else on this browser.
 */
export function onboardingFieldsUsed(): void {
  removeItem(storageKeys.invitationToken);
}
