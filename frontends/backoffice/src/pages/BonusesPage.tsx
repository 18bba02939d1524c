import { isApiError, useQuery } from '@casino/platform';
import { Button, Card, Field, Grid, Select, SectionTitle, Stack, Table, type Column } from '@casino/ui';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { backoffice, type BonusSummary, type Coupon, type SeedBonus } from '../api';
import { m } from '../messages';
import { Failed, Notice, shortTime, type ScreenProps } from './common';
import { ReasonAction } from './ReasonAction';

const TYPES = ['deposit', 'no_deposit', 'freespins', 'instant_cashback'];
const WAGERING = ['REAL_TO_FUN', 'REAL_MONEY_ONLY'];

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  white-space: pre-wrap;
`;

const Area = styled.textarea`
  width: 100%;
  min-height: 120px;
  font-family: ui-monospace, monospace;
  font-size: 13px;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-sizing: border-box;
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
`;

const EMPTY: SeedBonus = {
  code: '',
  name: '',
  type: 'deposit',
  isActive: true,
  order: 0,
  depositBonusPercent: 100,
  wageringMultiplier: 35,
  wageringType: 'REAL_TO_FUN',
  depositsNumber: 0,
  daysValid: 30,
  validFrom: '',
  validTo: '',
  freeSpinsQuantity: 0,
  freeSpinGame: '',
  amounts: { EUR: { minDeposit: '10', maxBonusThreshold: '100', maxWinAmount: '', maxBet: '5', bonusAmount: '' } },
};

function errorText(err: unknown) {
  if (!isApiError(err)) return String(err);
  const fields = err.fields ? Object.values(err.fields).join(' ') : '';
  return fields || err.message;
}

/** The bonus's fields (the seed's: what `casino bonuses put` takes); the rest of the bonus is kept as it was. */
function BonusForm({ initial, isNew, onSaved, onCancel }: { initial: SeedBonus; isNew: boolean; onSaved: (b: SeedBonus) => void; onCancel: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [b, setB] = useState<SeedBonus>(initial);
  const [amounts, setAmounts] = useState(JSON.stringify(initial.amounts ?? {}, null, 1));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const set = <K extends keyof SeedBonus>(k: K, v: SeedBonus[K]) => setB((x) => ({ ...x, [k]: v }));
  const num = (k: keyof SeedBonus, label: string) => (
    <Field label={label} type="number" min={0} value={String(b[k] ?? 0)} onChange={(e) => set(k, Number(e.target.value) as never)} />
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let parsed: SeedBonus['amounts'];
    try {
      parsed = JSON.parse(amounts || '{}');
    } catch {
      setError(intl.formatMessage(m.fieldAmountsInvalid));
      return;
    }
    if (!reason.trim()) {
      setError(intl.formatMessage(m.reasonRequired));
      return;
    }
    setBusy(true);
    setError('');
    try {
      onSaved(await backoffice.putBonus({ ...b, code: b.code.trim(), amounts: parsed }, reason.trim()));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card as="form" onSubmit={submit} aria-label={isNew ? intl.formatMessage(m.newBonus) : `${intl.formatMessage(m.edit)} ${b.code}`} data-testid="bonus-form">
      <Grid $min={200} $gap={2}>
        <Field label={intl.formatMessage(m.colCode)} value={b.code} readOnly={!isNew} required maxLength={64} onChange={(e) => set('code', e.target.value)} />
        <Field label={intl.formatMessage(m.fieldName)} value={b.name} required onChange={(e) => set('name', e.target.value)} />
        <Select label={intl.formatMessage(m.fieldType)} value={b.type} options={TYPES.map((t) => ({ value: t, label: t }))} onChange={(e) => set('type', e.target.value)} />
        <Select
          label={intl.formatMessage(m.fieldWageringType)}
          value={b.wageringType}
          options={WAGERING.map((t) => ({ value: t, label: t }))}
          onChange={(e) => set('wageringType', e.target.value)}
        />
        {num('depositBonusPercent', intl.formatMessage(m.fieldDepositPercent))}
        {num('wageringMultiplier', intl.formatMessage(m.fieldWagering))}
        {num('daysValid', intl.formatMessage(m.fieldDaysValid))}
        {num('cashbackPercent', intl.formatMessage(m.fieldCashback))}
        {num('freeSpinsQuantity', intl.formatMessage(m.fieldFreeSpins))}
        <Field label={intl.formatMessage(m.fieldFreeSpinGame)} value={b.freeSpinGame} onChange={(e) => set('freeSpinGame', e.target.value)} />
        <Field label={intl.formatMessage(m.fieldValidFrom)} value={b.validFrom} onChange={(e) => set('validFrom', e.target.value)} />
        <Field label={intl.formatMessage(m.fieldValidTo)} value={b.validTo} onChange={(e) => set('validTo', e.target.value)} />
      </Grid>
      <Stack $row $wrap $gap={3} style={{ margin: '12px 0' }}>
        <Check>
          <input type="checkbox" checked={b.isActive} onChange={(e) => set('isActive', e.target.checked)} />
          <FormattedMessage {...m.fieldActive} />
        </Check>
        <Check>
          <input type="checkbox" checked={!!b.couponOnly} onChange={(e) => set('couponOnly', e.target.checked)} />
          <FormattedMessage {...m.fieldCouponOnly} />
        </Check>
      </Stack>
      <label htmlFor={`${id}-amounts`}>
        <FormattedMessage {...m.fieldAmounts} />
      </label>
      <Area id={`${id}-amounts`} value={amounts} spellCheck={false} onChange={(e) => setAmounts(e.target.value)} />
      <Field label={intl.formatMessage(m.reason)} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Stack $row $gap={2} style={{ marginTop: 12 }}>
        <Button type="submit" loading={busy}>
          <FormattedMessage {...m.save} />
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          <FormattedMessage {...m.cancel} />
        </Button>
      </Stack>
    </Card>
  );
}

function CouponForm({ bonuses, onSaved, onCancel }: { bonuses: BonusSummary[]; onSaved: (c: Coupon) => void; onCancel: () => void }) {
  const intl = useIntl();
  const [c, setC] = useState<Coupon>({ code: '', bonus: bonuses[0]?.code ?? '', isActive: true, maxRedemptions: 0, validTo: '' });
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(intl.formatMessage(m.reasonRequired));
      return;
    }
    setBusy(true);
    setError('');
    try {
      onSaved(await backoffice.putCoupon({ ...c, code: c.code.trim() }, reason.trim()));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card as="form" onSubmit={submit} aria-label={intl.formatMessage(m.newCoupon)} data-testid="coupon-form">
      <Grid $min={200} $gap={2}>
        <Field label={intl.formatMessage(m.colCode)} value={c.code} required maxLength={64} onChange={(e) => setC({ ...c, code: e.target.value })} />
        <Select
          label={intl.formatMessage(m.fieldBonus)}
          value={c.bonus}
          options={bonuses.map((b) => ({ value: b.code, label: `${b.code} — ${b.name}` }))}
          onChange={(e) => setC({ ...c, bonus: e.target.value })}
        />
        <Field
          label={intl.formatMessage(m.fieldMaxRedemptions)}
          type="number"
          min={0}
          value={String(c.maxRedemptions)}
          onChange={(e) => setC({ ...c, maxRedemptions: Number(e.target.value) })}
        />
        <Field label={intl.formatMessage(m.fieldValidTo)} value={c.validTo ?? ''} onChange={(e) => setC({ ...c, validTo: e.target.value })} />
        <Field label={intl.formatMessage(m.reason)} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </Grid>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Stack $row $gap={2} style={{ marginTop: 12 }}>
        <Button type="submit" loading={busy}>
          <FormattedMessage {...m.create} />
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          <FormattedMessage {...m.cancel} />
        </Button>
      </Stack>
    </Card>
  );
}

/** The bonus catalogue and the coupons (as `casino bonuses` / `casino coupons`). */
export function BonusesPage({ member }: ScreenProps) {
  const intl = useIntl();
  const canWrite = member.permissions.includes('bonuses.write');
  const bonuses = useQuery('bo-bonuses', (signal) => backoffice.bonuses(signal));
  const coupons = useQuery('bo-coupons', (signal) => backoffice.coupons(signal));
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<{ bonus: SeedBonus; isNew: boolean } | null>(null);
  const [newCoupon, setNewCoupon] = useState(false);
  const [loadError, setLoadError] = useState('');
  const state = (on: boolean) => intl.formatMessage(on ? m.active : m.inactive);

  const edit = async (code: string) => {
    setLoadError('');
    try {
      setEditing({ bonus: await backoffice.bonus(code), isNew: false });
    } catch (err) {
      setLoadError(errorText(err));
    }
  };
  const bonusColumns: Column<BonusSummary>[] = [
    { key: 'code', header: intl.formatMessage(m.colCode), render: (b) => <code>{b.code}</code> },
    { key: 'name', header: intl.formatMessage(m.colName), render: (b) => b.name },
    { key: 'type', header: intl.formatMessage(m.fieldType), render: (b) => b.type + (b.couponOnly ? ' · coupon' : '') },
    { key: 'state', header: intl.formatMessage(m.colStatus), render: (b) => state(b.isActive) },
    { key: 'grants', header: intl.formatMessage(m.colGrants), align: 'right', render: (b) => `${b.granted} (${b.activeGrants})` },
  ];
  if (canWrite)
    bonusColumns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (b) => (
        <Stack $row $wrap $gap={1}>
          <Button size="sm" variant="secondary" aria-label={`${intl.formatMessage(m.edit)} ${b.code}`} onClick={() => edit(b.code)}>
            <FormattedMessage {...m.edit} />
          </Button>
          {b.isActive && (
            <ReasonAction
              label={<FormattedMessage {...m.disable} />}
              ariaLabel={`${intl.formatMessage(m.disable)} ${b.code}`}
              variant="danger"
              reasonRequired
              onConfirm={async (reason) => {
                await backoffice.disableBonus(b.code, reason);
                setNotice(intl.formatMessage(m.disabled, { what: b.code }));
                bonuses.refetch();
              }}
            />
          )}
        </Stack>
      ),
    });
  const couponColumns: Column<Coupon>[] = [
    { key: 'code', header: intl.formatMessage(m.colCode), render: (c) => <code>{c.code}</code> },
    { key: 'bonus', header: intl.formatMessage(m.fieldBonus), render: (c) => c.bonus },
    { key: 'state', header: intl.formatMessage(m.colStatus), render: (c) => state(c.isActive) },
    { key: 'used', header: intl.formatMessage(m.colRedemptions), align: 'right', render: (c) => `${c.redemptions ?? 0}${c.maxRedemptions ? ` / ${c.maxRedemptions}` : ''}` },
    { key: 'to', header: intl.formatMessage(m.colValidTo), render: (c) => shortTime(c.validTo) },
  ];
  if (canWrite)
    couponColumns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (c) =>
        c.isActive ? (
          <ReasonAction
            label={<FormattedMessage {...m.disable} />}
            ariaLabel={`${intl.formatMessage(m.disable)} ${c.code}`}
            variant="danger"
            reasonRequired
            onConfirm={async (reason) => {
              await backoffice.disableCoupon(c.code, reason);
              setNotice(intl.formatMessage(m.disabled, { what: c.code }));
              coupons.refetch();
            }}
          />
        ) : null,
    });
  if (bonuses.error || coupons.error)
    return (
      <Failed
        onRetry={() => {
          bonuses.refetch();
          coupons.refetch();
        }}
      />
    );
  return (
    <section aria-label={intl.formatMessage(m.navBonuses)}>
      {notice && <Notice role="status">{notice}</Notice>}
      {loadError && <ErrorText role="alert">{loadError}</ErrorText>}
      <Stack $row $wrap $gap={2} $align="center" $justify="space-between">
        <SectionTitle>
          <FormattedMessage {...m.bonusesTitle} />
        </SectionTitle>
        {canWrite && !editing && (
          <Button size="sm" onClick={() => setEditing({ bonus: EMPTY, isNew: true })}>
            <FormattedMessage {...m.newBonus} />
          </Button>
        )}
      </Stack>
      {editing && (
        <BonusForm
          key={editing.bonus.code || 'new'}
          initial={editing.bonus}
          isNew={editing.isNew}
          onCancel={() => setEditing(null)}
          onSaved={(b) => {
            setEditing(null);
            setNotice(intl.formatMessage(m.saved, { what: b.code }));
            bonuses.refetch();
          }}
        />
      )}
      <Table columns={bonusColumns} rows={bonuses.data} rowKey={(b) => b.code} loading={bonuses.loading && !bonuses.data} empty={<FormattedMessage {...m.none} />} />
      <Stack $row $wrap $gap={2} $align="center" $justify="space-between">
        <SectionTitle>
          <FormattedMessage {...m.couponsTitle} />
        </SectionTitle>
        {canWrite && !newCoupon && (bonuses.data?.length ?? 0) > 0 && (
          <Button size="sm" onClick={() => setNewCoupon(true)}>
            <FormattedMessage {...m.newCoupon} />
          </Button>
        )}
      </Stack>
      {newCoupon && bonuses.data && (
        <CouponForm
          bonuses={bonuses.data}
          onCancel={() => setNewCoupon(false)}
          onSaved={(c) => {
            setNewCoupon(false);
            setNotice(intl.formatMessage(m.saved, { what: c.code }));
            coupons.refetch();
          }}
        />
      )}
      <Table columns={couponColumns} rows={coupons.data} rowKey={(c) => c.code} loading={coupons.loading && !coupons.data} empty={<FormattedMessage {...m.none} />} />
    </section>
  );
}
