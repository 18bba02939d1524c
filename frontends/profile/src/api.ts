import { post, put, useApi, type QueryState } from '@casino/platform';

/**
 * Profile data: login, get-user-details and update-user-details are SPEC
 * section 7 calls; the bonuses, documents and resend paths are this front
 * end's proposal (not shown in the SPEC).
 */
export const PROFILE_API = {
  login: '/api/user/login',
  userDetails: '/api/user/get-user-details',
  updateUserDetails: '/api/user/update-user-details',
  userBonuses: '/api/user/get-user-bonuses',
  uploadDocument: '/api/user/upload-document',
  resendVerification: '/api/user/resend-verification-email',
  freeze: '/api/user/freeze-account',
  limits: '/api/user/set-limit',
} as const;

export interface LoginResult {
  accessToken: string;
  locale?: string;
  userId?: number | string;
  cpnc?: string;
  lastLogin?: { created_at?: string; ip?: string; location?: string };
}

export interface User {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  phoneCode?: string;
  dateOfBirth?: string;
  city?: string;
  address?: string;
  zipCode?: string;
  nickname?: string;
  currencyCode?: string;
  isEmailVerified?: boolean;
  kycStatus?: string;
}

export interface UserDetails {
  getUser?: User;
  userLoyaltyLevel?: { level?: string | number; name?: string } | string | number;
}

export interface UserBonus {
  id: string | number;
  name?: string;
  type?: string;
  bonusAmount?: string;
  wagerLeft?: string;
  expiry?: string;
  status?: string;
  currencyCode?: string;
}

export function login(body: Record<string, unknown>): Promise<LoginResult> {
  return post(PROFILE_API.login, body);
}

export function useUserDetails(): QueryState<UserDetails> {
  return useApi(PROFILE_API.userDetails, { auth: true });
}

export function updateUserDetails(body: Partial<User> & { updateFrom?: string }): Promise<unknown> {
  return put(PROFILE_API.updateUserDetails, body);
}

export function useUserBonuses(): QueryState<{ count: number; rows: UserBonus[] }> {
  return useApi(PROFILE_API.userBonuses, { auth: true, query: { pageNo: 1, limit: 20 } });
}

export function resendVerification(): Promise<unknown> {
  return post(PROFILE_API.resendVerification, {});
}
