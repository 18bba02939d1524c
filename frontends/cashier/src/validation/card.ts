/**
 * Client-side card form validation (SPEC section 5): a valid (Luhn) number,
 * cardholder name required, CVC exactly 3 digits, expiry MM/YY with the
 * errors invalid month, past date, invalid and required. The processor checks
 * again: this only spares the player a round trip.
 */
export interface CardInput {
  number: string;
  holder: string;
  expiry: string;
  cvc: string;
}

export type CardErrorKind = 'required' | 'number' | 'cvc' | 'expiryMonth' | 'expiryPast' | 'expiryInvalid';
export type CardErrors = Partial<Record<keyof CardInput, CardErrorKind>>;

/** Digits of a typed card number ("4242 4242 …" → "4242…"). */
export function cardDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** Luhn checksum over the digits of `number`; 12 to 19 digits, as issuers use. */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (digits.length < 12 || digits.length > 19 || digits.length !== number.replace(/[\s-]/g, '').length) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Groups digits by four while typing, at most 19 digits. */
export function formatCardNumber(text: string): string {
  return cardDigits(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1" → "1", "12" → "12/", "123" → "12/3"; keeps at most MM/YY. */
export function formatExpiry(text: string, previous = ''): string {
  const digits = cardDigits(text).slice(0, 4);
  // Deleting the slash must not put it straight back.
  if (digits.length === 2 && previous.length === 3 && text.length === 2) return digits;
  if (digits.length >= 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}

/** Expiry "MM/YY": the card is valid through the last day of that month. */
export function expiryError(expiry: string, now: Date = new Date()): CardErrorKind | undefined {
  const text = expiry.trim();
  if (!text) return 'required';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text);
  if (!m) return 'expiryInvalid';
  const month = Number(m[1]);
  if (month < 1 || month > 12) return 'expiryMonth';
  const year = 2000 + Number(m[2]);
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth) return 'expiryPast';
  return undefined;
}

export function validateCard(card: CardInput, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  if (!card.number.trim()) errors.number = 'required';
  else if (!luhnValid(card.number.trim())) errors.number = 'number';
  if (!card.holder.trim()) errors.holder = 'required';
  if (!card.cvc.trim()) errors.cvc = 'required';
  else if (!/^\d{3}$/.test(card.cvc.trim())) errors.cvc = 'cvc';
  const exp = expiryError(card.expiry, now);
  if (exp) errors.expiry = exp;
  return errors;
}
