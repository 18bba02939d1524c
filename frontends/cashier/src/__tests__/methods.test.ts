import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../api';
import {
  alternativeMethod,
  isCardMethod,
  isFullWidth,
  keepsSelection,
  reconcileSelection,
  resolveMethodParam,
  usesCardForm,
  visibleMethods,
} from '../methods';

const pm = (name: string, extra: Partial<PaymentMethod> = {}): PaymentMethod => ({ name, isActive: true, hidden: false, ...extra });
const LIST = [
  pm('skrill', { order: 3, withdrawalExist: true }),
  pm('visa', { order: 1, isCardForm: true }),
  pm('carouseller', { order: 2 }),
  pm('banktransfer', { order: 4, hidden: true, withdrawalExist: true }),
  pm('mifinity', { order: 5, hidden: true }),
];

describe('card / carouseller rule', () => {
  it('matches the card-form names, case-insensitively', () => {
    for (const n of ['visa', 'Master', 'mastercard', 'card', 'cards']) expect(isCardMethod(n)).toBe(true);
    for (const n of ['skrill', 'carouseller', 'visa-electron', '', null]) expect(isCardMethod(n)).toBe(false);
  });

  it('prefers the server flag over the name', () => {
    expect(usesCardForm({ name: 'visa', isCardForm: false })).toBe(false);
    expect(usesCardForm({ name: 'skrill' })).toBe(false);
    expect(usesCardForm({ name: 'cards' })).toBe(true);
  });

  it('offers carouseller after a card and a card after anything else', () => {
    expect(alternativeMethod('visa')).toBe('carouseller');
    expect(alternativeMethod('skrill')).toBe('card');
    expect(alternativeMethod(null)).toBe('card');
    expect(resolveMethodParam(LIST, alternativeMethod('visa'))).toBe('carouseller');
    expect(resolveMethodParam(LIST, alternativeMethod('carouseller'))).toBe('visa');
  });
});

describe('visible methods and selection', () => {
  it('deposit shows active non-hidden methods in order', () => {
    expect(visibleMethods([...LIST, pm('off', { isActive: false })]).map((x) => x.name)).toEqual(['visa', 'carouseller', 'skrill']);
  });

  it('withdrawal shows methods allowing withdrawal, hidden ones included', () => {
    expect(visibleMethods(LIST, 'withdrawal').map((x) => x.name)).toEqual(['skrill', 'banktransfer']);
  });

  it('deselects a hidden active method except in withdrawal when it allows withdrawal', () => {
    const bank = LIST[3];
    const mifinity = LIST[4];
    expect(keepsSelection(bank, 'deposit')).toBe(false);
    expect(keepsSelection(bank, 'withdrawal')).toBe(true);
    expect(keepsSelection(mifinity, 'withdrawal')).toBe(false);
    expect(keepsSelection(LIST[1], 'deposit')).toBe(true);
    expect(keepsSelection(undefined, 'deposit')).toBe(false);
    expect(reconcileSelection(LIST, 'banktransfer', 'deposit')).toBeNull();
    expect(reconcileSelection(LIST, 'banktransfer', 'withdrawal')).toBe('banktransfer');
    expect(reconcileSelection(LIST, 'gone', 'deposit')).toBeNull();
  });

  it('resolves ?method= including the generic "card"', () => {
    expect(resolveMethodParam(LIST, 'card')).toBe('visa');
    expect(resolveMethodParam(LIST, 'CAROUSELLER')).toBe('carouseller');
    expect(resolveMethodParam(LIST, 'mifinity')).toBeNull();
    expect(resolveMethodParam(LIST, null)).toBeNull();
    // No method called carouseller: the first non-card method stands for it.
    expect(resolveMethodParam(LIST.filter((x) => x.name !== 'carouseller'), 'carouseller')).toBe('skrill');
  });

  it('is full width below 5 visible methods', () => {
    expect(isFullWidth(4)).toBe(true);
    expect(isFullWidth(5)).toBe(false);
  });
});
