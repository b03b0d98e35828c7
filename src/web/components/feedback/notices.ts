/**
 * docs/product.md#accessibility: one queue of short notices ("Invitation sent successfully!", "Could not resend...") shown one
 * at a time at the bottom of the screen, where a phone user sees them whatever they scrolled to. Any
 * page dispatches `notify`; NoticeHost (in AppProviders) shows the head of the queue. A newer notice
 * takes the place of a success or information at once (the outcome of the last action is the one to
 * read, not six seconds later); errors stay in the queue until closed.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type NoticeSeverity = 'success' | 'error' | 'info';

export interface Notice {
  id: number;
  text: string;
  /** A second line: the server's own message under the spec's text. */
  detail?: string | null;
  severity: NoticeSeverity;
}

export interface NoticesState {
  queue: Notice[];
  nextId: number;
}

const initialState: NoticesState = { queue: [], nextId: 1 };

export const noticesSlice = createSlice({
  name: 'notices',
  initialState,
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<Omit<Notice, 'id'>>) {
        // The same notice twice in a row (a double click) shows once.
        const last = state.queue.at(-1);
        if (last && last.text === action.payload.text && last.detail === action.payload.detail) return;
        state.queue = state.queue.filter((notice) => notice.severity === 'error');
        state.queue.push({ ...action.payload, id: state.nextId });
        state.nextId += 1;
      },
      prepare(text: string | { text: string; detail?: string | null }, severity: NoticeSeverity = 'success') {
        const { text: body, detail = null } = typeof text === 'string' ? { text } : text;
        return { payload: { text: body, detail, severity } };
      },
    },
    dismissed(state, action: PayloadAction<number>) {
      state.queue = state.queue.filter((notice) => notice.id !== action.payload);
    },
  },
});

export const { notify, dismissed } = noticesSlice.actions;
export const selectCurrentNotice = (state: { notices: NoticesState }): Notice | undefined =>
  state.notices.queue[0];
