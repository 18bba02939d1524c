import { post, useApi, type QueryState } from '@casino/platform';

/** The player's controls (bff/protection, docs/protection.md). Amounts in minor units. */
export const PROTECTION_API = {
  limits: '/api/user/limits',
  setLimit: '/api/user/set-limit',
  freeze: '/api/user/freeze-account',
} as const;

export type LimitType = 'deposit' | 'loss' | 'bet';
export type LimitPeriod = 'daily' | 'weekly' | 'monthly';

export interface Limit {
  type: LimitType;
  period: LimitPeriod;
  amount: number;
  pending: { amount: number; effectiveAt: string } | null;
}

export function useLimits(): QueryState<{ limits: Limit[]; coolingOffHours: number }> {
  return useApi(PROTECTION_API.limits, { auth: true });
}

/** amount is a decimal in the player's currency; "" removes the limit. */
export function setLimit(type: LimitType, period: LimitPeriod, amount: string): Promise<{ applied: boolean; effectiveAt?: string }> {
  return post(PROTECTION_API.setLimit, { type, period, amount });
}

export function cancelPending(type: LimitType, period: LimitPeriod): Promise<unknown> {
  return post(PROTECTION_API.setLimit, { type, period, cancelPending: true });
}

export function freezeAccount(days: number): Promise<{ frozenUntil: string }> {
  return post(PROTECTION_API.freeze, { days });
}
