import { useEffect, useRef } from 'react';
import { subscribeRealtime, type RealtimeEventName, type RealtimePayloads } from '../realtime';

/** Calls `handler` for every realtime event `name` while mounted. */
export function useRealtime<E extends RealtimeEventName>(name: E, handler: (payload: RealtimePayloads[E]) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => subscribeRealtime(name, (p) => ref.current(p)), [name]);
}
