import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { isApiError, parseAmount } from '@casino/platform';
import { Button, Field, Select, Stack } from '@casino/ui';
import { requestWithdrawal, type PaymentMethod } from '../api';
import { m } from '../account/messages';
import { minorToDecimal } from '../money';
import { withdrawErrorText, withdrawFieldText } from '../withdrawErrors';
import {
  EMPTY_BANK,
  EMPTY_CRYPTO,
  EMPTY_UPI,
  validateBank,
  validateCrypto,
  validateUpi,
  amountError,
  type BankForm,
  type CryptoForm,
  type UpiForm,
  type WithdrawErrorKind,
} from '../validation/withdrawal';
import { Notice } from './Notice';

export type WithdrawKind = 'bank' | 'netbanking' | 'upi' | 'crypto' | 'plain';

/** The form a withdrawal method needs, by its kind (`paymentMethod`). */
export function withdrawKind(method: Pick<PaymentMethod, 'paymentMethod'>): WithdrawKind {
  const k = method.paymentMethod;
  return k === 'bank' || k === 'netbanking' || k === 'upi' || k === 'crypto' ? k : 'plain';
}

type Values = BankForm & UpiForm & CryptoForm;
const EMPTY: Values = { ...EMPTY_BANK, ...EMPTY_UPI, ...EMPTY_CRYPTO };

const FIELDS_BY_KIND: Record<WithdrawKind, (keyof Values)[]> = {
  bank: ['beneficiaryName', 'accountNumber', 'email', 'bankCode', 'bankName', 'branch', 'address'],
  netbanking: ['beneficiaryName', 'accountNumber', 'email', 'bankCode', 'bankName', 'branch', 'address'],
  upi: ['upiId'],
  crypto: ['walletAddress', 'network'],
  plain: [],
};

export function validateWithdrawForm(kind: WithdrawKind, v: Values, scale: number): Partial<Record<keyof Values, WithdrawErrorKind>> {
  switch (kind) {
    case 'bank':
    case 'netbanking':
      return validateBank(v, { netbanking: kind === 'netbanking', scale });
    case 'upi':
      return validateUpi(v, { scale });
    case 'crypto':
      return validateCrypto(v, { scale });
    default: {
      const amount = amountError(v.amount, scale);
      return amount ? { amount } : {};
    }
  }
}

const Pair = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: 1fr;
    gap: 0;
  }
`;

export interface WithdrawFormProps {
  method: PaymentMethod;
  currency: string;
  scale: number;
  defaultEmail?: string;
  onDone: () => void;
}

/** Amount plus the fields of the method's kind (SPEC sections 3 and 5), sent to POST /api/user/withdraw. */
export function WithdrawForm({ method, currency, scale, defaultEmail = '', onDone }: WithdrawFormProps) {
  const intl = useIntl();
  const kind = withdrawKind(method);
  const [values, setValues] = useState<Values>({ ...EMPTY, email: defaultEmail, network: method.networks?.length === 1 ? method.networks[0] : '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const errors = validateWithdrawForm(kind, values, scale);
  const err = (k: keyof Values) => (touched ? withdrawFieldText(intl, errors[k]) : undefined) ?? serverFields[k];
  const field = (k: keyof Values) => ({
    name: k,
    value: values[k],
    error: err(k),
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value })),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setResult(null);
    setServerFields({});
    if (Object.keys(errors).length) return;
    const minor = parseAmount(values.amount, scale) ?? '0';
    const body: Record<string, string> = { amount: minorToDecimal(minor, scale), paymentMethod: method.name, currencyCode: currency };
    for (const k of FIELDS_BY_KIND[kind]) body[k] = values[k].trim();
    setBusy(true);
    try {
      const res = await requestWithdrawal(body);
      setResult({ tone: 'success', text: intl.formatMessage(m.withdrawSuccess) + (res?.withdrawalId ? ` (${res.withdrawalId})` : '') });
      setValues((v) => ({ ...v, amount: '' }));
      setTouched(false);
      onDone();
    } catch (x) {
      setResult({ tone: 'error', text: withdrawErrorText(intl, x) });
      if (isApiError(x)) setServerFields(x.fields);
    } finally {
      setBusy(false);
    }
  };

  const shown = new Set(FIELDS_BY_KIND[kind]);
  return (
    <form onSubmit={submit} noValidate data-testid="withdraw-form" data-kind={kind}>
      <Field label={`${intl.formatMessage(m.amount)} (${currency})`} inputMode="decimal" {...field('amount')} />
      {shown.has('beneficiaryName') && (
        <>
          <Field label={intl.formatMessage(m.beneficiaryName)} autoComplete="name" maxLength={255} {...field('beneficiaryName')} />
          <Field label={intl.formatMessage(m.accountNumber)} {...field('accountNumber')} />
          <Field label={intl.formatMessage(m.email)} type="email" autoComplete="email" {...field('email')} />
          <Pair>
            <Field label={intl.formatMessage(m.bankCode)} maxLength={15} {...field('bankCode')} />
            <Field label={intl.formatMessage(kind === 'netbanking' ? m.bankName : m.bankNameOptional)} maxLength={255} {...field('bankName')} />
          </Pair>
          <Pair>
            <Field label={intl.formatMessage(m.branch)} maxLength={255} {...field('branch')} />
            <Field label={intl.formatMessage(m.bankAddress)} maxLength={255} {...field('address')} />
          </Pair>
        </>
      )}
      {shown.has('upiId') && <Field label={intl.formatMessage(m.upiId)} placeholder="name@bank" {...field('upiId')} />}
      {shown.has('walletAddress') && (
        <>
          <Select
            label={intl.formatMessage(m.cryptoNetwork)}
            {...field('network')}
            options={[{ value: '', label: intl.formatMessage(m.cryptoSelectNetwork) }, ...(method.networks ?? []).map((n) => ({ value: n, label: n }))]}
          />
          <Field label={intl.formatMessage(m.cryptoWalletAddress)} autoComplete="off" spellCheck={false} {...field('walletAddress')} />
        </>
      )}
      <Stack $gap={3}>
        {result && (
          <Notice tone={result.tone} testId="withdraw-result">
            {result.text}
          </Notice>
        )}
        <Button type="submit" size="lg" block loading={busy}>
          {intl.formatMessage(m.withdrawSubmit)}
        </Button>
      </Stack>
    </form>
  );
}
