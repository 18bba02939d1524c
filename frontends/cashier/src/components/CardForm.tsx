import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import { Field, Muted } from '@casino/ui';
import { m } from './messages';
import { formatCardNumber, formatExpiry, type CardErrorKind, type CardErrors, type CardInput } from '../validation/card';

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  input {
    min-width: 0;
  }
`;

const CARD_ERROR_TEXT: Record<CardErrorKind, (typeof m)[keyof typeof m]> = {
  required: m.required,
  number: m.cardNumberInvalid,
  cvc: m.cardCvcInvalid,
  expiryMonth: m.cardExpiryMonth,
  expiryPast: m.cardExpiryPast,
  expiryInvalid: m.cardExpiryInvalid,
};

export function cardErrorText(intl: IntlShape, kind: CardErrorKind | undefined): string | undefined {
  return kind ? intl.formatMessage(CARD_ERROR_TEXT[kind]) : undefined;
}

export interface CardFormProps {
  value: CardInput;
  onChange: (next: CardInput) => void;
  /** Errors to show (the parent decides when: after a field was left or on submit). */
  errors: CardErrors;
  /** Field texts the server sent back (VALIDATION_ERROR fields card.*). */
  serverErrors?: Partial<Record<keyof CardInput, string>>;
  /** Fields hidden because they are already filled (activeMethod=1). */
  hide?: Partial<Record<keyof CardInput, boolean>>;
}

/** Card number, cardholder, expiry MM/YY and CVC with the SPEC's client-side errors. */
export function CardForm({ value, onChange, errors, serverErrors = {}, hide = {} }: CardFormProps) {
  const intl = useIntl();
  const err = (k: keyof CardInput) => cardErrorText(intl, errors[k]) ?? serverErrors[k];
  const set = (k: keyof CardInput, v: string) => onChange({ ...value, [k]: v });
  return (
    <div data-testid="card-form">
      <Field
        label={intl.formatMessage(m.cardNumber)}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 5678 9012 3456"
        value={value.number}
        onChange={(e) => set('number', formatCardNumber(e.target.value))}
        error={err('number')}
      />
      {!hide.holder && (
        <Field
          label={intl.formatMessage(m.cardHolder)}
          name="ccname"
          autoComplete="cc-name"
          maxLength={255}
          value={value.holder}
          onChange={(e) => set('holder', e.target.value)}
          error={err('holder')}
        />
      )}
      <Row>
        <Field
          label={intl.formatMessage(m.cardExpiry)}
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          value={value.expiry}
          onChange={(e) => set('expiry', formatExpiry(e.target.value, value.expiry))}
          error={err('expiry')}
        />
        <Field
          label={intl.formatMessage(m.cardCvc)}
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={3}
          value={value.cvc}
          onChange={(e) => set('cvc', e.target.value.replace(/\D/g, '').slice(0, 3))}
          error={err('cvc')}
        />
      </Row>
      <Muted>{intl.formatMessage(m.cardSecure)}</Muted>
    </div>
  );
}
