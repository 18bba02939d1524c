import type { PaymentMethod } from './api';

/** Card-form methods are matched by these names; any other falls back to "carouseller" (SPEC section 3). */
export const CARD_METHOD_NAMES = ['visa', 'master', 'mastercard', 'card', 'cards'] as const;
export const FALLBACK_METHOD = 'carouseller';
/** The payment grid is full width when fewer methods than this are visible (SPEC section 9). */
export const FULL_WIDTH_BELOW = 5;

export type CashierMode = 'deposit' | 'withdrawal';

export function isCardMethod(name: string | null | undefined): boolean {
  return !!name && (CARD_METHOD_NAMES as readonly string[]).includes(name.toLowerCase());
}

/** Whether the method takes card details in the cashier: the server's flag, else the name rule. */
export function usesCardForm(method: Pick<PaymentMethod, 'name' | 'isCardForm'>): boolean {
  return method.isCardForm ?? isCardMethod(method.name);
}

/** The alternative offered after a failed deposit: card → carouseller, anything else → card. */
export function alternativeMethod(failed: string | null | undefined): string {
  return isCardMethod(failed) ? FALLBACK_METHOD : 'card';
}

/**
 * Methods shown in the grid, in their configured order. Deposit shows active,
 * non-hidden methods; withdrawal shows methods that allow withdrawal, hidden
 * ones included (SPEC section 4).
 */
export function visibleMethods(methods: PaymentMethod[], mode: CashierMode = 'deposit'): PaymentMethod[] {
  return methods
    .filter((x) => x.isActive !== false && (mode === 'withdrawal' ? !!x.withdrawalExist : !x.hidden))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** A hidden method that is active is deselected, except in withdrawal when it allows withdrawal. */
export function keepsSelection(method: PaymentMethod | undefined, mode: CashierMode): boolean {
  if (!method || method.isActive === false) return false;
  if (!method.hidden) return true;
  return mode === 'withdrawal' && !!method.withdrawalExist;
}

/** The selection after the method list changed: dropped when the rule above says so. */
export function reconcileSelection(methods: PaymentMethod[], selected: string | null, mode: CashierMode): string | null {
  if (!selected) return null;
  return keepsSelection(methods.find((x) => x.name === selected), mode) ? selected : null;
}

export function isFullWidth(visibleCount: number): boolean {
  return visibleCount < FULL_WIDTH_BELOW;
}

/**
 * The method a `?method=` value names: a method of that name; for the generic
 * alternatives offered after a failed deposit, "card" is the first card-form
 * method shown and "carouseller", when the operator lists no method of that
 * name, the first non-card method (the family the carouseller rule covers).
 */
export function resolveMethodParam(methods: PaymentMethod[], param: string | null, mode: CashierMode = 'deposit'): string | null {
  if (!param) return null;
  const shown = visibleMethods(methods, mode);
  const wanted = param.toLowerCase();
  const exact = methods.find((x) => x.name.toLowerCase() === wanted);
  if (exact && keepsSelection(exact, mode)) return exact.name;
  if (wanted === 'card') return shown.find((x) => usesCardForm(x))?.name ?? null;
  if (wanted === FALLBACK_METHOD) return shown.find((x) => !usesCardForm(x) && !isCryptoMethod(x))?.name ?? null;
  return null;
}

/** Crypto methods show a deposit address instead of an amount form. */
export function isCryptoMethod(method: Pick<PaymentMethod, 'paymentMethod' | 'networks'>): boolean {
  return method.paymentMethod === 'crypto' || (method.networks?.length ?? 0) > 0;
}
