import { post, useApi, type QueryState } from '@casino/platform';

/**
 * Cashier calls. get-user-details, get-payments and 3ds-webhook are SPEC
 * section 7 calls; the others are the BFF's cashier API (docs/cashier.md).
 * Money travels as decimal strings in the currency's precision.
 */
export const CASHIER_API = {
  userDetails: '/api/user/get-user-details',
  payments: '/api/admin/get-payments',
  bonuses: '/api/admin/get-all-bonus',
  deposit: '/api/user/deposit',
  /** GET {deposits}/{id}: one of the player's own deposits (the pending modal polls it). */
  deposits: '/api/user/deposits',
  cryptoAddress: '/api/user/crypto/deposit-address',
  withdraw: '/api/user/withdraw',
  withdrawals: '/api/user/withdrawals',
  transactions: '/api/user/get-transactions',
  threeDsWebhook: '/api/user/3ds-webhook',
} as const;

export interface Wallet {
  currencyCode: string;
  decimals: number;
  balance: string;
  bonusBalance: string;
  withdrawable: string;
  onHold: string;
}

export interface UserDetails {
  getUser?: {
    email?: string;
    firstName?: string;
    lastName?: string;
    phone?: string;
    phoneCode?: string;
    currencyCode?: string;
    currencySymbol?: string;
    countryCode?: string;
    isEmailVerified?: boolean;
    /** Responsible gaming (bff/protection): a self-excluded player may only withdraw. */
    userLimit?: { isSelfExcluded?: boolean; isSelfExclusionPermanent?: boolean; selfExclusion?: string | null };
  };
  userWallet?: Wallet;
  depositCount?: number;
  isCrypto?: boolean;
  activeBonus?: unknown;
}

export interface PaymentMethod {
  id?: string | number;
  name: string;
  /** The kind: card, crypto, bank, netbanking, upi, wallet. */
  paymentMethod?: string;
  title?: string;
  rawTitle?: string;
  description?: string;
  thumbnailUrl?: string;
  thumbnail_url?: string;
  isCardForm?: boolean;
  hidden?: boolean;
  isActive?: boolean;
  withdrawalExist?: boolean;
  order?: number;
  currencyCode?: string;
  /** Provider limits for this currency, decimal strings. */
  minAmount?: string;
  maxAmount?: string;
  /** The method asks for a phone number (PHONE_ERROR when too short). */
  requiresPhone?: boolean;
  /** Crypto methods: the networks offered. */
  networks?: string[];
}

/** A row of get-all-bonus?isDeposit=true (docs/bonus.md): amounts are decimal strings in currencyCode. */
export interface DepositBonus {
  id: string | number;
  /** Stable key, also accepted as bonusId (links like /deposit?bonusId=welcome-100). */
  code?: string;
  name?: string;
  minDeposit?: string;
  maxBonusThreshold?: string;
  depositBonusPercent?: number;
  wageringMultiplier?: number;
  banner?: { bannerTitle?: string };
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

export interface Page<T> {
  count: number;
  rows: T[];
}

export interface Withdrawal {
  withdrawalId: string;
  amount: string;
  currencyCode: string;
  method: string;
  status: string;
  createdAt: string;
  cancellable?: boolean;
}

export interface DepositRequest {
  amount: string;
  paymentMethod: string;
  currencyCode: string;
  bonusId?: string;
  phone?: string;
  card?: { number: string; holder: string; expiry: string; cvc: string };
}

export interface DepositResult {
  depositId?: string;
  transactionId?: string;
  status?: string;
  amount?: string;
  currencyCode?: string;
  method?: string;
  /** Where the browser goes next: the processor's hosted page or 3-D Secure challenge, or the result modal. */
  redirectUrl?: string;
}

export interface CryptoAddress {
  network: string;
  address: string;
  currencyCode?: string;
  confirmations?: number;
  minAmount?: string;
}

export type QueryStateOf<T> = QueryState<T>;

export const PAGE_SIZE = 20;

export function useUserDetails(): QueryState<UserDetails> {
  return useApi(CASHIER_API.userDetails, { auth: true });
}

export function usePaymentMethods(currencyCode: string | undefined, countryCode: string | undefined, type: 'deposit' | 'withdrawal'): QueryState<PaymentMethod[]> {
  return useApi(CASHIER_API.payments, { auth: true, query: { currencyCode, countryCode, type }, enabled: !!currencyCode });
}

export function useDepositBonuses(currencyCode: string | undefined): QueryState<{ bonus?: Page<DepositBonus> }> {
  return useApi(CASHIER_API.bonuses, { auth: true, query: { isDeposit: true, currencyCode, pageNo: 1, limit: PAGE_SIZE }, enabled: !!currencyCode });
}

export function useTransactions(tab: TransactionTab, pageNo: number): QueryState<Page<Transaction>> {
  return useApi(CASHIER_API.transactions, { auth: true, query: { type: tab, pageNo, limit: PAGE_SIZE } });
}

export function useWithdrawals(status: string): QueryState<Page<Withdrawal>> {
  return useApi(CASHIER_API.withdrawals, { auth: true, query: { status } });
}

export function useCryptoAddress(network: string | undefined): QueryState<CryptoAddress> {
  return useApi(CASHIER_API.cryptoAddress, { auth: true, query: { network }, enabled: !!network });
}

// Cashier refusals answer 422/400 with their own code (bff/cashier/errors.go), never 403:
// a 403 is the session's, and the platform client takes it to the login modal (SPEC section 7).
export function createDeposit(body: DepositRequest): Promise<DepositResult> {
  return post(CASHIER_API.deposit, body);
}

export function requestWithdrawal(body: Record<string, string>): Promise<Withdrawal & { message?: string }> {
  return post(CASHIER_API.withdraw, body);
}

export function cancelWithdrawal(id: string): Promise<Withdrawal> {
  return post(`${CASHIER_API.withdrawals}/${encodeURIComponent(id)}/cancel`, {});
}

export function confirm3ds(PaReq: string, MD: string): Promise<unknown> {
  return post(CASHIER_API.threeDsWebhook, { PaReq, MD });
}

