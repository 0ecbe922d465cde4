import { USER_SEARCH_MIN, type UserSearchResult } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useReducer } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type UserSearchType, userSearchQuery } from './wallet.api';

/** Spec 9: the user search waits for a 500 ms pause in typing. */
export const SEARCH_DEBOUNCE_MS = 500;

export type Recipient = UserSearchResult['users'][number];

export interface RecipientState {
  text: string;
  type: UserSearchType | 'all';
  selected: Recipient | null;
}

export type RecipientAction =
  | { kind: 'edit'; text: string }
  | { kind: 'type'; type: UserSearchType | 'all' }
  | { kind: 'pick'; user: Recipient }
  | { kind: 'unpick' };

export const initialRecipientState: RecipientState = { text: '', type: 'all', selected: null };

/** Spec 4, transfer modal: no recipient, then one after a pick; editing the text returns to none. */
export function recipientReducer(state: RecipientState, action: RecipientAction): RecipientState {
  switch (action.kind) {
    case 'edit':
      return action.text === state.text ? state : { ...state, text: action.text, selected: null };
    case 'type':
      return { ...state, type: action.type };
    case 'pick':
      return { ...state, selected: action.user };
    case 'unpick':
      return { ...state, selected: null };
  }
}

/** The text to search for: trimmed, once it has at least 2 characters; otherwise none. */
export function searchTerm(text: string): string | null {
  const term = text.trim();
  return term.length >= USER_SEARCH_MIN ? term : null;
}

/**
 * The recipient picker of the transfer modal: searches the text once typing pauses for 500 ms on
 * 2 characters or more, and never lists the sender.
 */
export function useRecipientSearch(selfId: number | undefined) {
  const [state, dispatch] = useReducer(recipientReducer, initialRecipientState);
  const term = searchTerm(state.text);
  const settled = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  // Only the text as it is now, after the pause; nothing while a recipient is picked.
  const active = settled !== null && settled === term && !state.selected;
  const search = useQuery({ ...userSearchQuery(settled ?? '', state.type), enabled: active });
  const users = active ? (search.data?.users ?? []).filter((u) => u.id !== selfId) : [];
  return {
    state,
    dispatch,
    users,
    /** Typed enough and waiting for the pause or the answer. */
    isSearching: term !== null && !state.selected && (settled !== term || search.isFetching),
    failed: active && search.isError,
    answered: active && search.isSuccess && !search.isFetching,
  };
}
