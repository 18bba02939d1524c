import { parseAmount } from '@casino/platform';
import type { DepositBonus, PaymentMethod } from './api';
import { decimalToMinor } from './money';

/** Why a typed deposit amount cannot be sent (SPEC sections 5 and 8). */
export type AmountProblem =
  | { kind: 'invalid' }
  | { kind: 'positive' }
  | { kind: 'limit'; min: string; max: string }
  | { kind: 'bonusMin'; min: string };

/**
 * Checks a typed amount: a plain decimal, greater than 0, within the
 * provider's min and max for the method, and at least the chosen bonus's
 * minimum deposit. Limits are decimal strings from the server.
 */
export function checkDepositAmount(
  text: string,
  scale: number,
  method?: Pick<PaymentMethod, 'minAmount' | 'maxAmount'>,
  bonus?: Pick<DepositBonus, 'minDeposit'>,
): AmountProblem | undefined {
  const minor = parseAmount(text, scale);
  if (minor == null) return { kind: 'invalid' };
  const value = BigInt(minor);
  if (value <= 0n) return { kind: 'positive' };
  const min = method?.minAmount ? BigInt(decimalToMinor(method.minAmount, scale)) : null;
  const max = method?.maxAmount ? BigInt(decimalToMinor(method.maxAmount, scale)) : null;
  if ((min != null && value < min) || (max != null && value > max)) {
    return { kind: 'limit', min: method?.minAmount ?? '0', max: method?.maxAmount ?? '' };
  }
  if (bonus?.minDeposit && value < BigInt(decimalToMinor(bonus.minDeposit, scale))) return { kind: 'bonusMin', min: bonus.minDeposit };
  return undefined;
}
