import { isApiError, navigate, usePathname, useQuery } from '@casino/platform';
import { Button, Card, Field, Grid, Input, Muted, SectionTitle, Stack, Table, VisuallyHidden, type Column } from '@casino/ui';
import { useState, type FormEvent, type MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { backoffice, documentFileUrl, type Player, type PlayerRow, type Withdrawal } from '../api';
import { m } from '../messages';
import { Failed, FileButton, shortTime, type ScreenProps } from './common';
import { PlayerSections } from './PlayerSections';

const link = (to: string) => (e: MouseEvent<HTMLAnchorElement>) => {
  e.preventDefault();
  navigate(to);
};

const NoteList = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  li {
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: pre-wrap;
  }
`;

/** Staff notes: the newest first; a new one is appended (never edited). */
function Notes({ player, canWrite, onAdded }: { player: Player; canWrite: boolean; onAdded: () => void }) {
  const intl = useIntl();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await backoffice.addNote(player.id, body);
      setBody('');
      onAdded();
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <SectionTitle>
        <FormattedMessage {...m.notes} />
      </SectionTitle>
      {player.notes.length === 0 ? (
        <Muted>
          <FormattedMessage {...m.none} />
        </Muted>
      ) : (
        <NoteList data-testid="player-notes">
          {player.notes.map((n) => (
            <li key={n.id}>
              <Muted style={{ margin: 0 }}>{intl.formatMessage(m.noteBy, { author: n.author, time: shortTime(n.createdAt) })}</Muted>
              {n.body}
            </li>
          ))}
        </NoteList>
      )}
      {canWrite && (
        <form onSubmit={submit}>
          <Field label={intl.formatMessage(m.noteLabel)} value={body} maxLength={2000} onChange={(e) => setBody(e.target.value)} error={error || undefined} />
          <Button type="submit" size="sm" loading={busy} disabled={!body.trim()}>
            <FormattedMessage {...m.addNote} />
          </Button>
        </form>
      )}
    </>
  );
}

/** Player search (id or part of the e-mail) and a player's page, read only. */
export function PlayersPage({ member }: ScreenProps) {
  const id = usePathname().split('/')[3] ?? '';
  return id ? <PlayerView id={id} member={member} /> : <PlayerSearch />;
}

function PlayerSearch() {
  const intl = useIntl();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const list = useQuery(`players:${q}`, (signal) => backoffice.players(q, signal), { enabled: q !== '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
  };
  const columns: Column<PlayerRow>[] = [
    { key: 'id', header: intl.formatMessage(m.colId), render: (p) => p.id },
    {
      key: 'email',
      header: intl.formatMessage(m.colPlayer),
      render: (p) => (
        <a href={`/backoffice/players/${p.id}`} onClick={link(`/backoffice/players/${p.id}`)}>
          {p.email}
        </a>
      ),
    },
    { key: 'name', header: intl.formatMessage(m.colName), render: (p) => p.name },
    { key: 'country', header: intl.formatMessage(m.colCountry), render: (p) => `${p.country} · ${p.currency}` },
    { key: 'kyc', header: intl.formatMessage(m.colKyc), render: (p) => p.kycStatus },
    { key: 'created', header: intl.formatMessage(m.colCreated), render: (p) => shortTime(p.createdAt) },
    { key: 'excluded', header: intl.formatMessage(m.colStatus), render: (p) => (p.selfExcluded ? intl.formatMessage(m.selfExcluded) : '') },
  ];
  return (
    <section aria-label={intl.formatMessage(m.navPlayers)}>
      <form onSubmit={submit} role="search">
        <Stack $row $wrap $gap={2} $align="center">
          <label htmlFor="bo-player-q">
            <VisuallyHidden>{intl.formatMessage(m.playersSearch)}</VisuallyHidden>
          </label>
          <Input id="bo-player-q" type="search" placeholder={intl.formatMessage(m.playersSearch)} value={draft} onChange={(e) => setDraft(e.target.value)} />
          <Button type="submit" size="sm">
            <FormattedMessage {...m.playersFind} />
          </Button>
        </Stack>
      </form>
      <div style={{ marginTop: 16 }}>
        {list.error ? (
          <Failed onRetry={list.refetch} />
        ) : (
          q && <Table columns={columns} rows={list.data} rowKey={(p) => String(p.id)} loading={list.loading && !list.data} empty={<FormattedMessage {...m.playersEmpty} />} />
        )}
      </div>
    </section>
  );
}

function exclusion(p: Player, intl: ReturnType<typeof useIntl>) {
  if (p.selfExclusionPermanent) return intl.formatMessage(m.selfExcludedPermanent);
  if (p.selfExcluded) return intl.formatMessage(m.selfExcludedUntil, { until: shortTime(p.selfExclusionUntil) });
  return intl.formatMessage(m.notExcluded);
}

function PlayerView({ id, member }: { id: string; member: ScreenProps['member'] }) {
  const canNote = member.permissions.includes('players.note');
  const intl = useIntl();
  const q = useQuery(`player:${id}`, (signal) => backoffice.player(id, signal));
  const back = (
    <a href="/backoffice/players" onClick={link('/backoffice/players')}>
      <FormattedMessage {...m.playersBack} />
    </a>
  );
  if (q.error)
    return (
      <>
        {back}
        <Failed onRetry={q.refetch} />
      </>
    );
  const p = q.data;
  if (!p) return back;
  const money = (v: string) => `${v} ${p.currency}`;
  const withdrawalColumns: Column<Withdrawal>[] = [
    { key: 'id', header: intl.formatMessage(m.colId), render: (w) => w.withdrawalId },
    { key: 'created', header: intl.formatMessage(m.colCreated), render: (w) => shortTime(w.createdAt) },
    { key: 'amount', header: intl.formatMessage(m.colAmount), align: 'right', render: (w) => `${w.amount} ${w.currencyCode}` },
    { key: 'status', header: intl.formatMessage(m.colStatus), render: (w) => w.status + (w.reason ? ` — ${w.reason}` : '') },
  ];
  return (
    <section aria-label={p.email} data-testid="player-page">
      {back}
      <SectionTitle>
        {p.name || p.email} · #{p.id}
      </SectionTitle>
      <Muted>
        <FormattedMessage
          {...m.profileLine}
          values={{ email: p.email, phone: p.phone || '—', dateOfBirth: p.dateOfBirth || '—', address: p.address || '—', deposits: p.depositCount, verified: String(p.emailVerified) }}
        />
      </Muted>
      <Grid $min={180} $gap={3}>
        <Card data-testid="player-real">
          <Muted style={{ margin: 0 }}>{intl.formatMessage(m.balanceReal)}</Muted>
          <strong>{money(p.balances.real)}</strong>
        </Card>
        <Card>
          <Muted style={{ margin: 0 }}>{intl.formatMessage(m.balanceBonus)}</Muted>
          <strong>{money(p.balances.bonus)}</strong>
        </Card>
        <Card>
          <Muted style={{ margin: 0 }}>{intl.formatMessage(m.balanceOnHold)}</Muted>
          <strong>{money(p.balances.onHold)}</strong>
        </Card>
        <Card>
          <Muted style={{ margin: 0 }}>{intl.formatMessage(m.colKyc)}</Muted>
          <strong>{p.kycStatus}</strong>
          <Muted style={{ margin: 0 }}>{exclusion(p, intl)}</Muted>
        </Card>
      </Grid>
      <PlayerSections player={p} member={member} onChanged={q.refetch} />
      <Notes player={p} canWrite={canNote} onAdded={q.refetch} />
      <SectionTitle>
        <FormattedMessage {...m.withdrawals} />
      </SectionTitle>
      <Table columns={withdrawalColumns} rows={p.withdrawals} rowKey={(w) => w.withdrawalId} empty={<FormattedMessage {...m.none} />} />
      <SectionTitle>
        <FormattedMessage {...m.documents} />
      </SectionTitle>
      <Table
        columns={[
          { key: 'id', header: intl.formatMessage(m.colId), render: (d) => d.id },
          { key: 'type', header: intl.formatMessage(m.colType), render: (d) => d.documentType },
          {
            key: 'file',
            header: intl.formatMessage(m.colFile),
            render: (d) => (
              <FileButton path={documentFileUrl(d.id)}>{d.fileName}</FileButton>
            ),
          },
          { key: 'status', header: intl.formatMessage(m.colStatus), render: (d) => d.status + (d.reason ? ` — ${d.reason}` : '') },
          { key: 'uploaded', header: intl.formatMessage(m.colUploaded), render: (d) => shortTime(d.uploadedAt) },
        ]}
        rows={p.documents}
        rowKey={(d) => String(d.id)}
        empty={<FormattedMessage {...m.none} />}
      />
      <SectionTitle>
        <FormattedMessage {...m.statement} />
      </SectionTitle>
      <Table
        columns={[
          { key: 'date', header: intl.formatMessage(m.colTime), render: (r) => shortTime(r.date) },
          { key: 'kind', header: intl.formatMessage(m.colKind), render: (r) => r.kind },
          { key: 'account', header: intl.formatMessage(m.colAccount), render: (r) => r.account },
          { key: 'amount', header: intl.formatMessage(m.colAmount), align: 'right', render: (r) => r.amount },
          { key: 'after', header: intl.formatMessage(m.colBalanceAfter), align: 'right', render: (r) => r.balanceAfter },
        ]}
        rows={p.statement}
        rowKey={(r) => `${r.date}-${r.kind}-${r.account}-${r.amount}-${r.balanceAfter}`}
        empty={<FormattedMessage {...m.none} />}
      />
    </section>
  );
}
