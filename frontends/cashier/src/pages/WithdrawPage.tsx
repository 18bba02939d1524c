import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_CURRENCY, parseAmount, useModal, useSession } from '@casino/platform';
import { Button, Card, Field, LoginRequired, Muted, Page, PageTitle, Stack, useToast } from '@casino/ui';
import { requestWithdrawal, useUserDetails } from '../api';
import { m } from '../messages';

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
type Form = { amount: string; beneficiaryName: string; account: string; email: string; bankCode: string; bankName: string };
const EMPTY: Form = { amount: '', beneficiaryName: '', account: '', email: '', bankCode: '', bankName: '' };

/** Field errors of the bank withdrawal form (SPEC section 5). */
export function validateWithdrawal(f: Form, t: { required: string; invalid: string }): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {};
  const amount = parseAmount(f.amount);
  if (!f.amount.trim()) errors.amount = t.required;
  else if (!amount || amount === '0') errors.amount = t.invalid;
  if (!f.beneficiaryName.trim()) errors.beneficiaryName = t.required;
  if (!f.account.trim()) errors.account = t.required;
  if (!f.email.trim()) errors.email = t.required;
  else if (!EMAIL.test(f.email.trim())) errors.email = t.invalid;
  if (f.bankCode && (f.bankCode.length < 8 || f.bankCode.length > 15)) errors.bankCode = t.invalid;
  return errors;
}

function WithdrawForm() {
  const intl = useIntl();
  const toast = useToast();
  const user = useUserDetails();
  const currency = user.data?.getUser?.currencyCode || DEFAULT_CURRENCY;
  const [form, setForm] = useState<Form>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = validateWithdrawal(form, { required: intl.formatMessage(m.required), invalid: intl.formatMessage(m.amountInvalid) });
  const set = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const err = (k: keyof Form) => (touched ? errors[k] : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      await requestWithdrawal({ ...form, amount: parseAmount(form.amount) ?? '0', currencyCode: currency });
      toast.show(intl.formatMessage(m.withdrawSuccess), 'success');
      setForm(EMPTY);
      setTouched(false);
    } catch (x) {
      toast.show(x instanceof Error && x.message ? x.message : intl.formatMessage(m.withdrawError), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="form" onSubmit={submit} noValidate>
      <Muted style={{ marginBottom: 16 }}>{intl.formatMessage(m.withdrawRules)}</Muted>
      <Field label={`${intl.formatMessage(m.amount)} (${currency})`} inputMode="decimal" value={form.amount} onChange={set('amount')} error={err('amount')} />
      <Field label={intl.formatMessage(m.beneficiaryName)} autoComplete="name" value={form.beneficiaryName} onChange={set('beneficiaryName')} error={err('beneficiaryName')} maxLength={255} />
      <Field label={intl.formatMessage(m.accountNumber)} value={form.account} onChange={set('account')} error={err('account')} />
      <Field label={intl.formatMessage(m.email)} type="email" autoComplete="email" value={form.email} onChange={set('email')} error={err('email')} />
      <Stack $row $gap={3}>
        <Field label={intl.formatMessage(m.bankCode)} value={form.bankCode} onChange={set('bankCode')} error={err('bankCode')} maxLength={15} />
        <Field label={intl.formatMessage(m.bankName)} value={form.bankName} onChange={set('bankName')} />
      </Stack>
      <Button type="submit" size="lg" block loading={busy}>
        {intl.formatMessage(m.withdrawSubmit)}
      </Button>
    </Card>
  );
}

export function WithdrawPage() {
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  return (
    <Page style={{ maxWidth: 720 }}>
      <PageTitle>{intl.formatMessage(m.withdrawTitle)}</PageTitle>
      {authenticated ? <WithdrawForm /> : <LoginRequired onLogin={() => open('login')} />}
    </Page>
  );
}
