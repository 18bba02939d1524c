import { useState } from 'react';
import { get, post, put, useApi, type QueryState } from '@casino/platform';

/**
 * Profile data: login, get-user-details and update-user-details are SPEC
 * section 7 calls; the bonuses, documents and resend paths are this front
 * end's proposal (not shown in the SPEC).
 */
export const PROFILE_API = {
  login: '/api/user/login',
  signUp: '/api/user/sign-up',
  registrationFields: '/api/admin/get-registration-fields',
  countries: '/api/admin/get-all-country',
  currencies: '/api/admin/get-currencies',
  location: '/api/admin/get-location',
  sendCredentials: '/api/user/send-credentials',
  captchaChallenge: '/api/user/captcha-challenge',
  userDetails: '/api/user/get-user-details',
  updateUserDetails: '/api/user/update-user-details',
  userBonuses: '/api/user/get-user-bonuses',
  uploadDocument: '/api/user/upload-document',
  documents: '/api/user/documents',
  resendVerification: '/api/user/resend-verification-email',
  freeze: '/api/user/freeze-account',
  limits: '/api/user/set-limit',
  rewardsCalendar: '/api/user/rewards-calendar',
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
  gender?: string;
  countryCode?: string;
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
  referralData?: unknown;
}

/** A row of get-user-bonuses (docs/bonus.md): amounts are decimal strings in currencyCode. */
export interface UserBonus {
  id: string | number;
  name?: string;
  type?: string;
  bonusAmount?: string;
  wageredAmount?: string;
  wagerLeft?: string;
  expiry?: string;
  status?: string;
  currencyCode?: string;
  cancellable?: boolean;
  banner?: { bannerTitle?: string };
  freeSpinsQuantity?: number;
  freeSpinsLeft?: number;
  maxWinAmount?: string;
  minBalance?: string;
  convertedWinnings?: string;
  endReason?: string;
  /** Percent of a stake counted towards the wagering by game kind. */
  wageringContribution?: Partial<Record<'slot' | 'live' | 'table' | 'other', number>>;
}

// Login and sign-up need no session: a 403 there (registration closed, self-
// excluded) is an answer to show, not an expired session to log out of.
export function login(body: Record<string, unknown>): Promise<LoginResult> {
  return post(PROFILE_API.login, body, { handleForbidden: false });
}

export function useUserDetails(): QueryState<UserDetails> {
  return useApi(PROFILE_API.userDetails, { auth: true });
}

export function updateUserDetails(body: Partial<User> & Record<string, unknown> & { updateFrom?: string }): Promise<unknown> {
  return put(PROFILE_API.updateUserDetails, body);
}

export function useUserBonuses(): QueryState<{ count: number; rows: UserBonus[] }> {
  return useApi(PROFILE_API.userBonuses, { auth: true, query: { pageNo: 1, limit: 20 } });
}

/** POST /api/user/redeem-coupon {code}: the coupon's bonus; COUPON_NOT_APPLIED / COUPON_ALREADY_REDEEMED with the SPEC texts. */
export function redeemCoupon(code: string): Promise<{ code: string; message: string; userBonus?: UserBonus }> {
  return post('/api/user/redeem-coupon', { code });
}

export function cancelBonus(id: UserBonus['id']): Promise<UserBonus> {
  return post(`/api/user/bonuses/${encodeURIComponent(String(id))}/cancel`, {});
}

export function resendVerification(): Promise<unknown> {
  return post(PROFILE_API.resendVerification, {});
}

/** The resend-verification button's state, shared by the profile page and the expired-link modal. */
export function useResendVerification() {
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'error'>('idle');
  const resend = async () => {
    setState('busy');
    try {
      await resendVerification();
      setState('sent');
    } catch {
      setState('error');
    }
  };
  return { state, resend };
}

export interface Country {
  code: string;
  countryId: number;
  name: string;
  phoneCode: string;
  flag: string;
}

export interface Currency {
  code: string;
  name: string;
  symbol: string;
  isCrypto: boolean;
}

export interface SignUpResult {
  accessToken: string;
  createUser: { userId: number; email: string; currencyCode: string; countryCode: string };
  /** One-click registration only: the generated login. */
  credentials?: { email: string; password: string };
}

export function signUp(body: Record<string, unknown>): Promise<SignUpResult> {
  return post(PROFILE_API.signUp, body, { handleForbidden: false });
}

export function useRegistrationFields(): QueryState<Record<string, number>> {
  return useApi(PROFILE_API.registrationFields);
}

export function useCountries(): QueryState<{ countries: { count: number; rows: Country[] }; allCountries: Country[] }> {
  return useApi(PROFILE_API.countries);
}

export function useCurrencies(): QueryState<{ currencies: Currency[] }> {
  return useApi(PROFILE_API.currencies);
}

export function useLocation(): QueryState<{ location?: { country?: { code?: string } } }> {
  return useApi(PROFILE_API.location);
}

/** Mails the credentials to the account's own address; a one-click account's address becomes its login. */
export function sendCredentials(email: string, password: string): Promise<{ sent: boolean; login: string }> {
  return post(PROFILE_API.sendCredentials, { email, password });
}

export interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export function captchaChallenge(): Promise<CaptchaChallenge> {
  return get(PROFILE_API.captchaChallenge);
}
