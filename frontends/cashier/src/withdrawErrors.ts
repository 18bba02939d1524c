import type { IntlShape } from 'react-intl';
import { isApiError } from '@casino/platform';
import { m } from './account/messages';
import type { WithdrawErrorKind } from './validation/withdrawal';

const REFUSALS = {
  WITHDRAWAL_NEEDS_DEPOSIT: m.wdNeedsDeposit,
  WITHDRAWAL_EMAIL_NOT_VERIFIED: m.wdEmailNotVerified,
  WITHDRAWAL_ACTIVE_BONUS: m.wdActiveBonus,
  WITHDRAWAL_WAGERING_INCOMPLETE: m.wdWagering,
  ERROR_CALCULATING_WITHDRAWAL: m.withdrawCalcError,
  WITHDRAWAL_ERROR: m.withdrawError,
  WITHDRAWAL_CANCEL_FORBIDDEN: m.wdCancelForbidden,
} as const;

/** The text of a refused withdrawal or cancel (SPEC section 8); anything unexplained reads 'Withdrawal error'. */
export function withdrawErrorText(intl: IntlShape, error: unknown): string {
  if (!isApiError(error)) return intl.formatMessage(m.withdrawError);
  const known = REFUSALS[error.code as keyof typeof REFUSALS];
  if (known) return intl.formatMessage(known);
  return error.status >= 400 && error.status < 500 && error.message ? error.message : intl.formatMessage(m.withdrawError);
}

const FIELD_TEXT: Record<WithdrawErrorKind, (typeof m)[keyof typeof m]> = {
  required: m.required,
  invalid: m.invalidFormat,
  amountPositive: m.amountPositive,
  email: m.emailInvalid,
  bankCodeLength: m.bankCodeLength,
  upi: m.upiInvalid,
  cryptoAmount: m.cryptoErrAmount,
  cryptoAddress: m.cryptoErrAddress,
  cryptoNetwork: m.cryptoErrNetwork,
};

export function withdrawFieldText(intl: IntlShape, kind: WithdrawErrorKind | undefined): string | undefined {
  return kind ? intl.formatMessage(FIELD_TEXT[kind]) : undefined;
}
