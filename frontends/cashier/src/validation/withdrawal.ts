import { parseAmount } from '@casino/platform';

/**
 * Withdrawal form validation (SPEC section 5): full name, account number and
 * e-mail required (e-mail valid); bank code (IFSC) 8 to 15 characters; bank
 * name required for netbanking; branch and address optional; UPI id required
 * and valid; crypto: amount, wallet address and network required, each with
 * its own SPEC text. The server validates again (addresses per network).
 */
export type WithdrawErrorKind =
  | 'required'
  | 'invalid'
  | 'amountPositive'
  | 'email'
  | 'bankCodeLength'
  | 'upi'
  | 'cryptoAmount'
  | 'cryptoAddress'
  | 'cryptoNetwork';

export interface BankForm {
  amount: string;
  beneficiaryName: string;
  accountNumber: string;
  email: string;
  bankCode: string;
  bankName: string;
  branch: string;
  address: string;
}

export interface UpiForm {
  amount: string;
  upiId: string;
}

export interface CryptoForm {
  amount: string;
  walletAddress: string;
  network: string;
}

export const EMPTY_BANK: BankForm = { amount: '', beneficiaryName: '', accountNumber: '', email: '', bankCode: '', bankName: '', branch: '', address: '' };
export const EMPTY_UPI: UpiForm = { amount: '', upiId: '' };
export const EMPTY_CRYPTO: CryptoForm = { amount: '', walletAddress: '', network: '' };

export type Errors<F> = Partial<Record<keyof F, WithdrawErrorKind>>;

// The characters SPEC section 5 allows in an e-mail, with a dotted domain.
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
// NPCI virtual payment address: handle@psp.
const UPI_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;

export const BANK_CODE_MIN = 8;
export const BANK_CODE_MAX = 15;

export function amountError(text: string, scale = 2): WithdrawErrorKind | undefined {
  if (!text.trim()) return 'required';
  const minor = parseAmount(text, scale);
  if (minor == null) return 'invalid';
  if (BigInt(minor) <= 0n) return 'amountPositive';
  return undefined;
}

export function isValidUpiId(id: string): boolean {
  return UPI_ID.test(id.trim());
}

/** `netbanking` makes the bank name required. */
export function validateBank(f: BankForm, { netbanking = false, scale = 2 } = {}): Errors<BankForm> {
  const e: Errors<BankForm> = {};
  const amount = amountError(f.amount, scale);
  if (amount) e.amount = amount;
  if (!f.beneficiaryName.trim()) e.beneficiaryName = 'required';
  if (!f.accountNumber.trim()) e.accountNumber = 'required';
  if (!f.email.trim()) e.email = 'required';
  else if (!EMAIL.test(f.email.trim())) e.email = 'email';
  const code = f.bankCode.trim();
  if (!code) e.bankCode = 'required';
  else if (code.length < BANK_CODE_MIN || code.length > BANK_CODE_MAX) e.bankCode = 'bankCodeLength';
  if (netbanking && !f.bankName.trim()) e.bankName = 'required';
  return e;
}

export function validateUpi(f: UpiForm, { scale = 2 } = {}): Errors<UpiForm> {
  const e: Errors<UpiForm> = {};
  const amount = amountError(f.amount, scale);
  if (amount) e.amount = amount;
  if (!f.upiId.trim()) e.upiId = 'required';
  else if (!isValidUpiId(f.upiId)) e.upiId = 'upi';
  return e;
}

/** Crypto amounts carry up to 8 decimals. */
export function validateCrypto(f: CryptoForm, { scale = 8 } = {}): Errors<CryptoForm> {
  const e: Errors<CryptoForm> = {};
  const amount = amountError(f.amount, scale);
  if (amount === 'required') e.amount = 'cryptoAmount';
  else if (amount) e.amount = amount;
  if (!f.walletAddress.trim()) e.walletAddress = 'cryptoAddress';
  if (!f.network) e.network = 'cryptoNetwork';
  return e;
}
