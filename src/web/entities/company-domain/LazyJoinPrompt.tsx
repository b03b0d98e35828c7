/**
 * The offer to join, loaded where it is shown: it asks the organization endpoints whether there is an
 * offer, and most visitors of the overview and the onboarding steps have none, so the prompt and those
 * endpoints stay out of those pages' first loads (docs/performance.md#size-budgets). Nothing shows until
 * it knows, as before.
 */
import { lazy, Suspense } from 'react';

const Prompt = lazy(() =>
  import(/* webpackChunkName: "join-prompt" */ './JoinPrompt').then((module) => ({
    default: module.JoinPrompt,
  })),
);

export function JoinPrompt() {
  return (
    <Suspense fallback={null}>
      <Prompt />
    </Suspense>
  );
}
