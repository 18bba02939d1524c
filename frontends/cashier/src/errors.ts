import type { IntlShape } from 'react-intl';
import { isApiError } from '@casino/platform';
import { m } from './messages';

const DEPOSIT_ERRORS = {
  GLOBAL_ERROR: m.errGlobal,
  DEPOSIT_COUNTRY_BLOCK: m.errCountryBlock,
  REQUIRED_EMAIL_VERIFICATION: m.errEmailVerification,
  PAYMENT_LIMIT_THRESHOLD: m.errLimit,
  TRANSACTION_FAILED: m.errFailed,
  AMOUNT_BELOW_ZERO: m.errBelowZero,
  PROVIDER_ERROR: m.errProvider,
  PHONE_ERROR: m.errPhone,
  PAYMENT_SERVICE_ERROR: m.errCurrency,
  DEPOSITS_NUMBER: m.errDepositsNumber,
} as const;

/** The text for a deposit error (SPEC section 8); unknown codes read 'Deposit error'. */
export function depositErrorText(intl: IntlShape, error: unknown): string {
  if (!isApiError(error)) return intl.formatMessage(m.errDeposit);
  if (error.code === 'PAYMENT_PROVIDER_LIMIT_THRESHOLD') {
    return intl.formatMessage(m.errProviderLimit, { min: error.fields.min ?? '', max: error.fields.max ?? '' });
  }
  if (error.code === 'DEPOSITS_NUMBER2' && error.fields.depositsNumber) {
    return intl.formatMessage(m.errDepositsNumber2, { number: Number(error.fields.depositsNumber) });
  }
  if (error.code === 'UNIFIED_ERROR') return error.message;
  const known = DEPOSIT_ERRORS[error.code as keyof typeof DEPOSIT_ERRORS];
  if (known) return intl.formatMessage(known);
  // Other refusals (validation, processor) carry their own SPEC text; failures without one read 'Deposit error'.
  return error.status >= 400 && error.status < 500 && error.message ? error.message : intl.formatMessage(m.errDeposit);
}
