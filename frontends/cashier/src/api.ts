import { post, useApi, type QueryState } from '@casino/platform';

/**
 * Cashier data. get-user-details and get-payments are SPEC section 7 calls;
 * deposit, withdraw and transactions paths are this front end's proposal (the
 * SPEC does not show them): until the BFF serves them the pages show their
 * empty/error states.
 */
export const CASHIER_API = {
  userDetails: '/api/user/get-user-details',
  payments: '/api/admin/get-payments',
  deposit: '/api/user/deposit',
  withdraw: '/api/user/withdraw',
  transactions: '/api/user/get-transactions',
  threeDsWebhook: '/api/user/3ds-webhook',
} as const;

export interface UserDetails {
  getUser?: { email?: string; currencyCode?: string; currencySymbol?: string; countryCode?: string; isEmailVerified?: boolean };
  userWallet?: { amount?: string; nonCashAmount?: string; currencyCode?: string };
  depositCount?: number;
  activeBonus?: unknown;
}

export interface PaymentMethod {
  id?: string | number;
  name: string;
  paymentMethod?: string;
  title?: string;
  thumbnailUrl?: string;
  thumbnail_url?: string;
  isCardForm?: boolean;
  hidden?: boolean;
  isActive?: boolean;
  order?: number;
}

export type TransactionTab = 'games' | 'withdrawal' | 'deposit';

export interface Transaction {
  transactionId: string;
  createdAt: string;
  method?: string;
  transactionType?: string;
  amount: string;
  status?: string;
  isBonus?: boolean;
  gameName?: string;
  provider?: string;
  balanceBefore?: string;
  balanceAfter?: string;
  bonusBalance?: string;
  currencyCode?: string;
}

export function useUserDetails(): QueryState<UserDetails> {
  return useApi(CASHIER_API.userDetails, { auth: true });
}

export function usePaymentMethods(currencyCode: string | undefined, countryCode: string | undefined): QueryState<PaymentMethod[]> {
  return useApi(CASHIER_API.payments, { auth: true, query: { currencyCode, countryCode }, enabled: !!currencyCode });
}

export function useTransactions(tab: TransactionTab, pageNo: number): QueryState<{ count: number; rows: Transaction[] }> {
  return useApi(CASHIER_API.transactions, { auth: true, query: { type: tab, pageNo, limit: 20 } });
}

export function createDeposit(body: { amount: string; paymentMethod: string; currencyCode?: string }): Promise<{ redirectUrl?: string }> {
  return post(CASHIER_API.deposit, body);
}

export function requestWithdrawal(body: Record<string, string>): Promise<unknown> {
  return post(CASHIER_API.withdraw, body);
}

export function confirm3ds(PaReq: string, MD: string): Promise<unknown> {
  return post(CASHIER_API.threeDsWebhook, { PaReq, MD });
}
