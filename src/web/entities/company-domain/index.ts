/**
 * The company-domain entity (docs/product.md#requests-to-join): the offer to join the organization that verified the domain of
 * the user's address. The overview and the onboarding pages a new signup lands on both show it.
 */
export { JoinPrompt } from './LazyJoinPrompt';
