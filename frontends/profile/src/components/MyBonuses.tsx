import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_CURRENCY, formatMoney, isApiError, parseAmount } from '@casino/platform';
import { Button, Card, EmptyState, ErrorState, Field, Stack, Table, type Column, Icon } from '@casino/ui';
import { cancelBonus, redeemCoupon, useUserBonuses, type UserBonus } from '../api';
import { m } from '../messages';

const STATUS = { active: m.bonusActive, completed: m.bonusCompleted, cancelled: m.bonusCancelled, expired: m.bonusExpired } as const;

/** The API writes amounts as decimal strings in the bonus's currency; the platform formats minor units. */
function money(v: string | undefined, b: UserBonus): string {
  if (!v) return '';
  const scale = v.includes('.') ? v.length - v.indexOf('.') - 1 : 0;
  return formatMoney(parseAmount(v, scale) ?? '0', b.currencyCode || DEFAULT_CURRENCY, { scale, precise: scale > 2 });
}

/** The coupon field: a code grants its bonus (docs/bonus.md "Coupons"); the server's text on a refusal. */
function CouponForm({ onRedeemed }: { onRedeemed: () => void }) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    setResult(null);
    try {
      const out = await redeemCoupon(code.trim());
      const name = out.userBonus?.banner?.bannerTitle || out.userBonus?.name || code.trim();
      setResult({ ok: true, text: intl.formatMessage(m.couponRedeemed, { name }) });
      setCode('');
      onRedeemed();
    } catch (x) {
      const text = isApiError(x) && x.code === 'BONUS_FRAUD' ? intl.formatMessage(m.bonusFraud)
        : isApiError(x) && x.message ? x.message : intl.formatMessage(m.bonusCancelFailed);
      setResult({ ok: false, text });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} data-testid="coupon-form">
      <Stack $row $gap={2} $align="flex-end" $wrap>
        <Field label={intl.formatMessage(m.couponLabel)} value={code} maxLength={64} autoComplete="off" onChange={(e) => setCode(e.target.value)} />
        <Button type="submit" loading={busy} disabled={!code.trim()}>
          {intl.formatMessage(m.couponRedeem)}
        </Button>
      </Stack>
      {result && <p role={result.ok ? 'status' : 'alert'}>{result.text}</p>}
    </form>
  );
}

/** The player's bonuses (active first) with wagering progress; the active one can be cancelled, after a confirmation. */
export function MyBonuses() {
  const intl = useIntl();
  const { data, loading, error, refetch } = useUserBonuses();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (error) return <ErrorState message={error.message} onRetry={refetch} />;

  const cancel = async (b: UserBonus) => {
    setBusy(true);
    setFailure(null);
    try {
      await cancelBonus(b.id);
      setConfirming(null);
      refetch();
    } catch (x) {
      setFailure(isApiError(x) && x.message ? x.message : intl.formatMessage(m.bonusCancelFailed));
    } finally {
      setBusy(false);
    }
  };
  const action = (b: UserBonus) =>
    b.cancellable ? (
      <Button size="sm" variant="secondary" onClick={() => setConfirming(String(b.id))}>
        {intl.formatMessage(m.bonusCancel)}
      </Button>
    ) : null;
  const pending = data?.rows.find((b) => String(b.id) === confirming && b.cancellable);
  const columns: Column<UserBonus>[] = [
    {
      key: 'name',
      header: intl.formatMessage(m.bonusName),
      render: (b) => (
        <>
          {b.banner?.bannerTitle || b.name || ''}
          {(b.freeSpinsQuantity ?? 0) > 0 && b.status === 'active' && (
            <div>{intl.formatMessage(m.bonusSpinsLeft, { left: b.freeSpinsLeft ?? 0, total: b.freeSpinsQuantity ?? 0 })}</div>
          )}
          {b.maxWinAmount && <div>{intl.formatMessage(m.bonusMaxWin, { amount: money(b.maxWinAmount, b) })}</div>}
          {b.wageringContribution && b.status === 'active' && (
            <div>
              {intl.formatMessage(m.bonusContribution, {
                slot: b.wageringContribution.slot ?? 100,
                table: b.wageringContribution.table ?? 100,
                live: b.wageringContribution.live ?? 100,
              })}
            </div>
          )}
          {b.minBalance && b.status === 'active' && <div>{intl.formatMessage(m.bonusMinBalance, { amount: money(b.minBalance, b) })}</div>}
          {b.status === 'completed' && <div>{intl.formatMessage(m.bonusConverted, { amount: money(b.convertedWinnings, b) })}</div>}
          {b.endReason === 'MIN_BALANCE' && <div>{intl.formatMessage(m.bonusEndedMinBalance, { amount: money(b.minBalance, b) })}</div>}
        </>
      ),
    },
    { key: 'amount', header: intl.formatMessage(m.bonusAmount), render: (b) => money(b.bonusAmount, b), align: 'right' },
    { key: 'wagered', header: intl.formatMessage(m.bonusWagered), render: (b) => money(b.wageredAmount, b), align: 'right' },
    { key: 'wager', header: intl.formatMessage(m.bonusWagerLeft), render: (b) => money(b.wagerLeft, b), align: 'right' },
    { key: 'expiry', header: intl.formatMessage(m.bonusExpiry), render: (b) => (b.expiry ? intl.formatDate(b.expiry, { dateStyle: 'medium' }) : '') },
    {
      key: 'status',
      header: intl.formatMessage(m.bonusStatus),
      render: (b) => {
        const label = STATUS[b.status as keyof typeof STATUS];
        return label ? intl.formatMessage(label) : (b.status ?? '');
      },
    },
    { key: 'action', header: '', render: action },
  ];
  return (
    <Stack $gap={3} data-testid="my-bonuses">
      <CouponForm onRedeemed={refetch} />
      {pending && (
        <Card data-testid="bonus-cancel-confirm">
          <Stack $gap={3}>
            <span>{intl.formatMessage(m.bonusCancelConfirm)}</span>
            <Stack $row $gap={2}>
              <Button size="sm" loading={busy} onClick={() => cancel(pending)}>
                {intl.formatMessage(m.bonusCancelYes)}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirming(null)}>
                {intl.formatMessage(m.bonusCancelNo)}
              </Button>
            </Stack>
          </Stack>
        </Card>
      )}
      {failure && <p role="alert">{failure}</p>}
      <Table
        columns={columns}
        rows={data?.rows}
        rowKey={(b) => String(b.id)}
        loading={loading}
        empty={<EmptyState icon={<Icon name="gift" />} title={<FormattedMessage {...m.bonusesEmpty} />} />}
      />
    </Stack>
  );
}
