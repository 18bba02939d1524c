import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { formatMoney, isApiError, parseAmount, useSearchParams } from '@casino/platform';
import { Button, Card, ErrorState, Field, Page, PageTitle, SectionTitle, Skeleton, Stack } from '@casino/ui';
import { DEFAULT_AMOUNT, minorToInput, presetMinor } from '../amount';
import { createDeposit, useDepositBonuses, type PaymentMethod } from '../api';
import { AmountPicker } from '../components/AmountPicker';
import { BonusPicker } from '../components/BonusPicker';
import { MethodGrid } from '../components/MethodGrid';
import { Notice } from '../components/Notice';
import { checkDepositAmount, type AmountProblem } from '../deposit';
import { depositErrorText } from '../errors';
import { useCashierMethods } from '../hooks/useCashierMethods';
import { m } from '../messages';
import { isCryptoMethod, usesCardForm } from '../methods';
import { minorToDecimal, showMoney } from '../money';
import type { CardErrors, CardInput } from '../validation/card';

// Only downloaded when a card or crypto method is chosen (first-visit budget, docs/cashier.md).
const CardForm = lazy(() => import(/* webpackChunkName: "card-form" */ '../components/CardForm').then((x) => ({ default: x.CardForm })));
const CryptoDeposit = lazy(() => import(/* webpackChunkName: "crypto-deposit" */ '../components/CryptoDeposit').then((x) => ({ default: x.CryptoDeposit })));
const loadCardChecks = () => import(/* webpackChunkName: "card-form" */ '../validation/card');

function amountProblemText(intl: IntlShape, p: AmountProblem | undefined, currency: string, scale: number): string | undefined {
  if (!p) return undefined;
  switch (p.kind) {
    case 'invalid':
      return intl.formatMessage(m.invalidFormat);
    case 'positive':
      return intl.formatMessage(m.amountPositive);
    case 'limit':
      return intl.formatMessage(m.errProviderLimit, { min: showMoney(p.min, currency, scale), max: showMoney(p.max, currency, scale) });
    case 'bonusMin':
      return intl.formatMessage(m.minDepositBonus, { amount: showMoney(p.min, currency, scale) });
  }
}

function methodLabel(x: PaymentMethod | undefined): string {
  return x ? x.title || x.name : '';
}

function DepositForm() {
  const intl = useIntl();
  const params = useSearchParams();
  const { user, methods, currency, scale, selected, select } = useCashierMethods('deposit');
  const bonuses = useDepositBonuses(user.data ? currency : undefined);
  const bonusRows = bonuses.data?.bonus?.rows ?? [];

  // activeMethod=1: the fields the link already filled (method, amount, cardholder) stay hidden until "Change".
  const activeMethod = params.get('activeMethod') === '1';
  const [expanded, setExpanded] = useState(false);
  const urlAmount = params.get('amount');
  const [amount, setAmount] = useState(urlAmount && parseAmount(urlAmount) ? urlAmount : minorToInput(presetMinor(DEFAULT_AMOUNT)));
  const [bonusId, setBonusId] = useState(params.get('bonusId') ?? '');
  const [coupon, setCoupon] = useState(params.get('coupon') ?? '');
  const [card, setCard] = useState<CardInput>({ number: '', holder: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [phone, setPhone] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fullName = [user.data?.getUser?.firstName, user.data?.getUser?.lastName].filter(Boolean).join(' ');
  const userPhone = [user.data?.getUser?.phoneCode, user.data?.getUser?.phone].filter(Boolean).join('');
  useEffect(() => {
    if (fullName) setCard((c) => (c.holder ? c : { ...c, holder: fullName }));
  }, [fullName]);
  useEffect(() => {
    if (userPhone) setPhone((p) => p || userPhone);
  }, [userPhone]);
  useEffect(() => setServerError(null), [selected?.name]);

  const cardMethod = !!selected && usesCardForm(selected);
  const cryptoMethod = !!selected && !cardMethod && isCryptoMethod(selected);
  // A coupon code replaces the picked bonus (its bonus and minimum are the server's to check).
  const bonus = coupon.trim() ? undefined : bonusRows.find((b) => String(b.id) === bonusId);
  const problem = checkDepositAmount(amount, scale, selected, bonus);
  const amountError = amountProblemText(intl, problem, currency, scale);
  const minor = parseAmount(amount, scale);

  const hidden = useMemo(
    () => ({
      method: activeMethod && !expanded && !!selected && !!params.get('method'),
      amount: activeMethod && !expanded && !!urlAmount && !problem,
      holder: activeMethod && !expanded && !!fullName,
    }),
    [activeMethod, expanded, selected, params, urlAmount, problem, fullName],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    setServerFields({});
    if (!selected || problem || !minor) return;
    const errors = cardMethod ? (await loadCardChecks()).validateCard(card) : {};
    setCardErrors(errors);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      const res = await createDeposit({
        amount: minorToDecimal(minor, scale),
        paymentMethod: selected.name,
        currencyCode: currency,
        ...(coupon.trim() ? { couponCode: coupon.trim() } : bonusId ? { bonusId } : {}),
        ...(selected.requiresPhone ? { phone: phone.trim() } : {}),
        ...(cardMethod ? { card: { number: card.number.replace(/\s/g, ''), holder: card.holder.trim(), expiry: card.expiry, cvc: card.cvc } } : {}),
      });
      // The processor's hosted page, its 3-D Secure challenge, or straight back to the result modal.
      if (res?.redirectUrl) window.location.assign(res.redirectUrl);
      else setBusy(false);
    } catch (x) {
      setServerError(depositErrorText(intl, x));
      if (isApiError(x)) setServerFields(x.fields);
      setBusy(false);
    }
  };

  if (user.error) return <ErrorState message={depositErrorText(intl, user.error)} onRetry={user.refetch} />;
  const showAmount = !cryptoMethod && !hidden.amount;
  return (
    <form onSubmit={submit} noValidate data-testid="deposit-form">
      <Stack $gap={5}>
        {(hidden.method || hidden.amount) && (
          <Notice>
            <Stack $row $gap={3} $align="center" $justify="space-between">
              <span>
                {intl.formatMessage(m.selectedSummary, { amount: minor ? formatMoney(minor, currency, { scale }) : '', method: methodLabel(selected) })}
              </span>
              <Button size="sm" variant="secondary" onClick={() => setExpanded(true)}>
                {intl.formatMessage(m.changeSelection)}
              </Button>
            </Stack>
          </Notice>
        )}
        {!hidden.method && (
          <section>
            <SectionTitle>{intl.formatMessage(m.paymentMethods)}</SectionTitle>
            {methods.error ? (
              <Notice tone="error">{depositErrorText(intl, methods.error)}</Notice>
            ) : (
              <MethodGrid methods={methods.data ?? []} loading={user.loading || methods.loading} selected={selected?.name ?? null} onSelect={select} />
            )}
          </section>
        )}
        {showAmount && (
          <Card>
            <AmountPicker value={amount} onChange={setAmount} currency={currency} error={submitted || amount !== '' ? amountError : undefined} />
            {selected?.minAmount && selected?.maxAmount && (
              <p style={{ margin: '8px 0 0', opacity: 0.8 }}>
                {intl.formatMessage(m.providerRange, { min: showMoney(selected.minAmount, currency, scale), max: showMoney(selected.maxAmount, currency, scale) })}
              </p>
            )}
          </Card>
        )}
        {!cryptoMethod && !coupon.trim() && <BonusPicker bonuses={bonusRows} value={bonusId} onChange={setBonusId} currency={currency} scale={scale} />}
        {!cryptoMethod && (
          <Field
            label={intl.formatMessage(m.couponCode)}
            hint={intl.formatMessage(m.couponHint)}
            value={coupon}
            maxLength={64}
            autoComplete="off"
            onChange={(e) => setCoupon(e.target.value)}
            data-testid="deposit-coupon"
          />
        )}
        {cardMethod && (
          <Card>
            <SectionTitle>{intl.formatMessage(m.cardTitle)}</SectionTitle>
            <Suspense fallback={<Skeleton $height="200px" />}>
              <CardForm
                value={card}
                onChange={setCard}
                errors={cardErrors}
                serverErrors={{ number: serverFields['card.number'], holder: serverFields['card.holder'], expiry: serverFields['card.expiry'], cvc: serverFields['card.cvc'] }}
                hide={{ holder: hidden.holder }}
              />
            </Suspense>
          </Card>
        )}
        {selected?.requiresPhone && !cryptoMethod && (
          <Field
            label={intl.formatMessage(m.phone)}
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value.replace(/[^\d+]/g, ''))}
            error={serverFields.phone}
          />
        )}
        {cryptoMethod && selected && (
          <Card>
            <Suspense fallback={<Skeleton $height="200px" />}>
              <CryptoDeposit method={selected} currency={currency} />
            </Suspense>
          </Card>
        )}
        {selected && !cardMethod && !cryptoMethod && <Notice>{intl.formatMessage(m.redirectNotice, { method: methodLabel(selected) })}</Notice>}
        {submitted && Object.keys(cardErrors).length > 0 && <Notice tone="error">{intl.formatMessage(m.checkFields)}</Notice>}
        {serverError && (
          <Notice tone="error" testId="deposit-error">
            {serverError}
          </Notice>
        )}
        {!cryptoMethod && (
          <Button type="submit" size="lg" block disabled={!selected || (!!amountError && submitted)} loading={busy}>
            {selected ? (
              <FormattedMessage {...m.depositCta} values={{ amount: minor && !amountError ? formatMoney(minor, currency, { scale }) : '' }} />
            ) : (
              <FormattedMessage {...m.selectMethod} />
            )}
          </Button>
        )}
      </Stack>
    </form>
  );
}

// Visitors never get here: CashierApp shows them the log-in prompt without downloading this chunk.
export function DepositPage() {
  const intl = useIntl();
  return (
    <Page style={{ maxWidth: 720 }} data-testid="cashier-app">
      <PageTitle>{intl.formatMessage(m.depositTitle)}</PageTitle>
      <DepositForm />
    </Page>
  );
}
