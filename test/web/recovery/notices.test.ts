/**
 * @jest-environment node
 *
 * docs/product.md#accessibility: outcomes are notices from one queue, one at a time. The last action's
 * outcome shows at once (it does not wait behind an earlier success), and an error stays until closed.
 */
import {
  dismissed,
  noticesSlice,
  notify,
  selectCurrentNotice,
  type NoticesState,
} from '../../../src/web/components/feedback/notices';

const after = (...actions: Parameters<typeof noticesSlice.reducer>[1][]): NoticesState =>
  actions.reduce(noticesSlice.reducer, noticesSlice.getInitialState());
const shown = (state: NoticesState) => selectCurrentNotice({ notices: state })?.text;

test('a new outcome takes the place of a success on screen at once', () => {
  const state = after(notify('Add this TXT record at acme.com.'), notify('acme.com is verified.'));
  expect(shown(state)).toBe('acme.com is verified.');
  expect(state.queue).toHaveLength(1);
});

test('an error stays until closed; what came after it shows next', () => {
  const failed = after(notify('Could not resend the invitation.', 'error'), notify('Saved.'));
  expect(shown(failed)).toBe('Could not resend the invitation.');
  expect(shown(noticesSlice.reducer(failed, dismissed(failed.queue[0]!.id)))).toBe('Saved.');
});

test('the same notice twice in a row (a double click) shows once', () => {
  expect(after(notify('Saved.'), notify('Saved.')).queue).toHaveLength(1);
});
