import { isApiError } from '@casino/platform';
import { Button, Input, Muted, SectionTitle, Stack, Table, VisuallyHidden, type Column } from '@casino/ui';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { backoffice, type LimitRow, type Member, type Player, type PlayerSession, type Round } from '../api';
import { m } from '../messages';
import { Notice, shortTime } from './common';
import { ReasonAction } from './ReasonAction';

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  white-space: normal;
`;

const State = styled.p<{ $alert?: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-weight: ${({ $alert }) => ($alert ? 600 : 400)};
  color: ${({ theme, $alert }) => ($alert ? theme.colors.danger : theme.colors.text)};
  white-space: normal;
`;

/** Support's change of a bet limit: the amount and a required reason. */
function BetLimitAction({ player, row, onDone }: { player: Player; row: LimitRow; onDone: (msg: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(row.amount);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const what = `${intl.formatMessage(m.changeLimit)} ${intl.formatMessage(m.limitPeriod, { period: row.period })}`;
  if (!open)
    return (
      <Button size="sm" variant="secondary" aria-label={what} onClick={() => setOpen(true)}>
        <FormattedMessage {...m.changeLimit} />
      </Button>
    );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(intl.formatMessage(m.reasonRequired));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const out = await backoffice.setBetLimit(player.id, row.period, amount.trim(), reason.trim());
      setOpen(false);
      onDone(
        intl.formatMessage(m.limitChanged, {
          period: intl.formatMessage(m.limitPeriod, { period: out.period }).toLowerCase(),
          amount: out.amount ? `${out.amount} ${player.currency}` : intl.formatMessage(m.limitNone),
        }),
      );
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={what}>
      <Stack $row $wrap $gap={1} $align="center">
        <label htmlFor={`${id}-a`}>
          <VisuallyHidden>{intl.formatMessage(m.newAmount)}</VisuallyHidden>
        </label>
        <Input id={`${id}-a`} inputMode="decimal" placeholder={intl.formatMessage(m.newAmount)} value={amount} onChange={(e) => setAmount(e.target.value)} style={{ height: 32, width: 120 }} />
        <label htmlFor={`${id}-r`}>
          <VisuallyHidden>{intl.formatMessage(m.reason)}</VisuallyHidden>
        </label>
        <Input id={`${id}-r`} maxLength={500} placeholder={intl.formatMessage(m.reason)} value={reason} invalid={!!error} onChange={(e) => setReason(e.target.value)} style={{ height: 32, minWidth: 160 }} />
        <Button size="sm" type="submit" loading={busy}>
          <FormattedMessage {...m.confirm} />
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          <FormattedMessage {...m.cancel} />
        </Button>
      </Stack>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </form>
  );
}

/**
 * The player's account state (the operator's freeze, the player's own
 * freeze, VIP bet-limit rule), the responsible-gaming limits, the sessions
 * and the game rounds; each action shown only with its permission.
 */
export function PlayerSections({ player, member, onChanged }: { player: Player; member: Member; onChanged: () => void }) {
  const intl = useIntl();
  const [notice, setNotice] = useState('');
  const can = (p: Member['permissions'][number]) => member.permissions.includes(p);
  const done = (msg: string) => {
    setNotice(msg);
    onChanged();
  };
  const pr = player.protection;
  const money = (v: string) => (v ? `${v} ${player.currency}` : intl.formatMessage(m.limitNone));

  const limitColumns: Column<LimitRow>[] = [
    { key: 'type', header: intl.formatMessage(m.colLimit), render: (l) => intl.formatMessage(m.limitType, { type: l.type }) },
    { key: 'period', header: intl.formatMessage(m.colPeriod), render: (l) => intl.formatMessage(m.limitPeriod, { period: l.period }) },
    { key: 'amount', header: intl.formatMessage(m.colAmount), align: 'right', render: (l) => money(l.amount) },
    {
      key: 'pending',
      header: intl.formatMessage(m.colPending),
      render: (l) => (l.pending ? intl.formatMessage(m.limitPending, { amount: money(l.pending.amount), time: shortTime(l.pending.effectiveAt) }) : ''),
    },
  ];
  if (can('players.limits'))
    limitColumns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (l) => (l.type === 'bet' ? <BetLimitAction player={player} row={l} onDone={done} /> : null),
    });

  const sessionColumns: Column<PlayerSession>[] = [
    { key: 'created', header: intl.formatMessage(m.colCreated), render: (s) => shortTime(s.createdAt) },
    { key: 'seen', header: intl.formatMessage(m.colLastSeen), render: (s) => shortTime(s.lastSeenAt) },
    { key: 'ip', header: intl.formatMessage(m.colIp), render: (s) => s.ip },
    { key: 'device', header: intl.formatMessage(m.colDevice), render: (s) => <span title={s.userAgent}>{s.userAgent.slice(0, 60)}</span> },
  ];
  if (can('players.sessions'))
    sessionColumns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (s) => (
        <ReasonAction
          label={<FormattedMessage {...m.endSession} />}
          ariaLabel={`${intl.formatMessage(m.endSession)} ${s.ip} ${shortTime(s.createdAt)}`}
          variant="danger"
          reasonRequired
          onConfirm={async (reason) => {
            await backoffice.endSession(player.id, s.id, reason);
            done(intl.formatMessage(m.sessionEnded));
          }}
        />
      ),
    });

  const roundColumns: Column<Round>[] = [
    { key: 'time', header: intl.formatMessage(m.colTime), render: (r) => shortTime(r.startedAt) },
    { key: 'game', header: intl.formatMessage(m.colGame), render: (r) => `${r.game} · ${r.provider}` },
    { key: 'bet', header: intl.formatMessage(m.colBet), align: 'right', render: (r) => `${r.bet}${r.bonusBet !== '0.00' && r.bonusBet !== '0' ? ` + ${r.bonusBet}` : ''} ${r.currency}` },
    { key: 'win', header: intl.formatMessage(m.colWin), align: 'right', render: (r) => `${r.win} ${r.currency}` },
    { key: 'status', header: intl.formatMessage(m.colStatus), render: (r) => r.status },
    {
      key: 'recall',
      header: intl.formatMessage(m.colId),
      render: (r) =>
        r.recall ? (
          <a href={r.recall} target="_blank" rel="noopener noreferrer" aria-label={`${intl.formatMessage(m.recall)} ${r.roundId}`}>
            {r.roundId}
          </a>
        ) : (
          r.roundId
        ),
    },
  ];

  return (
    <>
      <SectionTitle>
        <FormattedMessage {...m.accountTitle} />
      </SectionTitle>
      {notice && <Notice role="status">{notice}</Notice>}
      <div data-testid="player-account">
        {pr.frozen ? (
          <State $alert>{intl.formatMessage(m.accountFrozen, { by: pr.frozen.frozenBy, time: shortTime(pr.frozen.frozenAt), reason: pr.frozen.reason })}</State>
        ) : (
          <State>{intl.formatMessage(m.accountActive)}</State>
        )}
        {pr.selfFrozenUntil && new Date(pr.selfFrozenUntil).getTime() > Date.now() && (
          <Muted>{intl.formatMessage(m.selfFrozen, { until: shortTime(pr.selfFrozenUntil) })}</Muted>
        )}
        {pr.highLoyalty && <Muted>{intl.formatMessage(m.highLoyalty)}</Muted>}
        {can('players.freeze') && (
          <div style={{ marginBottom: 12 }}>
            <ReasonAction
              label={<FormattedMessage {...(pr.frozen ? m.unfreeze : m.freeze)} />}
              ariaLabel={intl.formatMessage(pr.frozen ? m.unfreeze : m.freeze)}
              variant={pr.frozen ? 'primary' : 'danger'}
              reasonRequired
              onConfirm={async (reason) => {
                await backoffice.freeze(player.id, !pr.frozen, reason);
                done(intl.formatMessage(pr.frozen ? m.unfrozenNotice : m.frozenNotice));
              }}
            />
          </div>
        )}
      </div>
      <Table columns={limitColumns} rows={pr.limits} rowKey={(l) => `${l.type}-${l.period}`} />
      <SectionTitle>
        <FormattedMessage {...m.sessions} />
      </SectionTitle>
      <div data-testid="player-sessions">
        <Table columns={sessionColumns} rows={player.sessions} rowKey={(s) => s.id} empty={<FormattedMessage {...m.none} />} />
      </div>
      <SectionTitle>
        <FormattedMessage {...m.rounds} />
      </SectionTitle>
      <div data-testid="player-rounds">
        <Table columns={roundColumns} rows={player.rounds} rowKey={(r) => String(r.id)} empty={<FormattedMessage {...m.none} />} />
      </div>
    </>
  );
}
