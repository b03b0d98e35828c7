/**
 * The app's side of input before hydration (docs/performance.md#input-before-hydration): once React has
 * hydrated a prerendered page, what the visitor did on it before (recorded by the page's inline capture
 * script, src/shared/early-input.ts) is handed to React: each box gets its typed text into the app's state,
 * then the held clicks and submits are played in order, so a form typed and sent before the app ran is sent
 * once, with what was typed.
 */
import { flushSync } from 'react-dom';
import { EARLY_INPUT_GLOBAL, endCapture } from '../../shared/early-input';

type Box = HTMLInputElement | HTMLTextAreaElement;

/** What the capture script has recorded: typed values in order, and the held clicks and submits. */
interface EarlyInput {
  /** Each input event's box and its value then (the last of a box is what was typed). */
  values: [Box, string][];
  /** Pressed controls (clicked) and submitted forms (submitted), in order. */
  actions: HTMLElement[];
}

/**
 * Types `value` into `box` as the visitor did: React keeps the text a box shows when it hydrates, but not
 * in its state (a later render would write the state's value back), and it reads an input event only when
 * the value differs from the last it saw. The value is set through the element's own property first (React
 * sees the rendered value), then through the prototype's setter, which React does not watch.
 */
function typeInto(box: Box, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box) as object, 'value')?.set;
  if (!setter) return;
  box.value = box.defaultValue;
  setter.call(box, value);
  flushSync(() => box.dispatchEvent(new Event('input', { bubbles: true })));
}

/** The last value typed into each box still on the page, in the order they were first typed into. */
function typedValues(values: EarlyInput['values']): Map<Box, string> {
  const last = new Map<Box, string>();
  for (const [box, value] of values) {
    if (!box.isConnected || (box instanceof HTMLInputElement && /^(checkbox|radio)$/.test(box.type)))
      continue;
    last.set(box, value);
  }
  return last;
}

/**
 * Ends the capture and plays what it recorded: typed text first (each box's last value), then the clicks
 * and submits. Called once the page is hydrated, when the capture has recorded anything (main.tsx: this
 * module is a chunk of its own, which most visitors never need).
 */
export function releaseEarlyInput(root: HTMLElement, holder: Window = window): void {
  endCapture(root);
  const global = holder as unknown as Record<string, EarlyInput | undefined>;
  const recorded = global[EARLY_INPUT_GLOBAL];
  delete global[EARLY_INPUT_GLOBAL];
  if (!recorded) return;
  for (const [box, value] of typedValues(recorded.values)) typeInto(box, value);
  for (const target of recorded.actions) {
    if (!target.isConnected) continue;
    flushSync(() => (target instanceof HTMLFormElement ? target.requestSubmit() : target.click()));
  }
}
