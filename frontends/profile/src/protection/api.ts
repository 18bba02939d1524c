import { del, post, put, useApi, type QueryState } from '@casino/platform';

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

export const TIME_API = {
  selfExclude: '/api/user/self-exclude',
  sessionLimit: '/api/user/session-limit',
  realityCheck: '/api/user/reality-check',
  realityContinue: '/api/user/reality-check/continue',
  logout: '/api/user/logout',
} as const;

export type ExclusionPeriod = '1h' | '12h' | '1d' | '3d' | '1w' | '1m' | 'permanent' | 'custom';

export interface Exclusion {
  until?: string;
  permanent: boolean;
}

export function selfExclude(period: ExclusionPeriod, months = 0, days = 0): Promise<Exclusion> {
  return post(TIME_API.selfExclude, period === 'custom' ? { period, months, days } : { period });
}

export interface SessionLimit {
  minutes: number;
  pending: { minutes: number; effectiveAt: string } | null;
  endsAt: string | null;
  endsInSeconds: number | null;
  minMinutes: number;
  maxMinutes: number;
}

export function useSessionLimit(): QueryState<SessionLimit> {
  return useApi(TIME_API.sessionLimit, { auth: true });
}

export function setSessionLimit(minutes: number): Promise<{ applied: boolean; effectiveAt?: string }> {
  return post(TIME_API.sessionLimit, { minutes });
}

export function cancelPendingSessionLimit(): Promise<unknown> {
  return post(TIME_API.sessionLimit, { cancelPending: true });
}

export function removeSessionLimit(): Promise<{ applied: boolean; effectiveAt?: string }> {
  return del(TIME_API.sessionLimit);
}

export interface RealityCheck {
  intervalMinutes: number;
  dueAt: string | null;
  due: boolean;
  dueInSeconds: number | null;
  loginAt: string;
  elapsedSeconds: number;
  currency: string;
  stakes: number;
  net: number;
}

export function useRealityCheck(): QueryState<RealityCheck> {
  return useApi(TIME_API.realityCheck, { auth: true });
}

export function setRealityCheck(intervalMinutes: number): Promise<RealityCheck> {
  return put(TIME_API.realityCheck, { intervalMinutes });
}

export function continueAfterRealityCheck(): Promise<RealityCheck> {
  return post(TIME_API.realityContinue, {});
}

export function logout(): Promise<unknown> {
  return post(TIME_API.logout, {});
}
