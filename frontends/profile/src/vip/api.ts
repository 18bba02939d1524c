import { subscribeRealtime, useApi, type QueryState, type RealtimePayloads } from '@casino/platform';
import { useEffect, useRef } from 'react';

/** The VIP club calls (bff/loyalty, docs/loyalty.md). */
export const VIP_API = {
  club: '/api/user/vip-club',
} as const;

/** A level and its benefits: percentages and the EUR limit as decimal strings. */
export interface VipLevel {
  level: number;
  name: string;
  minPoints: number;
  rakebackPercent: string;
  cashbackPercent: string;
  /** Most withdrawn per day in withdrawalLimitCurrency; null: no limit. */
  withdrawalLimit: string | null;
  withdrawalLimitCurrency: string;
  personalManager: boolean;
}

export interface VipClub {
  level: VipLevel;
  points: number;
  next: VipLevel | null;
  /** Whole percent of the way to the next level. */
  progress: number;
  levels: VipLevel[];
}

/** The player's standing; refreshed now and then (points follow the stakes within a second). */
export function useVipClub(): QueryState<VipClub> {
  return useApi<VipClub>(VIP_API.club, { auth: true, refreshMs: 15_000 });
}

/**
 * Calls handler on every realtime level-up. A page running an older
 * @casino/platform (the first one loaded wins) may not know the event: then
 * there is no toast, and the page still works.
 */
export function useLevelUp(handler: (e: RealtimePayloads['levelUp']) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    try {
      return subscribeRealtime('levelUp', (e) => ref.current(e));
    } catch {
      return undefined;
    }
  }, []);
}
