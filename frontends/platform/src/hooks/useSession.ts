import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionState } from '../session';

/** The current session; re-renders on login/logout. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
