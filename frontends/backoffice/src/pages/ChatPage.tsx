import { useQuery } from '@casino/platform';
import { Button, SectionTitle, Select, Stack, Table, type Column } from '@casino/ui';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { backoffice, type ChatAction, type ChatMessage, type ChatSanction } from '../api';
import { m } from '../messages';
import { Failed, Notice, shortTime, Toolbar, type ScreenProps } from './common';
import { ReasonAction } from './ReasonAction';

/** The room a moderator sees first: the site's default language. */
const FIRST_ROOM = 'en';

/**
 * Follows the room's public stream (the one the players' pages read): a new
 * or deleted message reads the list again, so the moderator sees the room
 * as it is.
 */
function useRoomChanges(room: string, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const es = new EventSource(`/chat/${encodeURIComponent(room)}/events`);
    const changed = () => latest.current();
    es.addEventListener('message', changed);
    es.addEventListener('delete', changed);
    return () => es.close();
  }, [room]);
}

/**
 * Chat moderation: a room's latest messages with their authors; delete a
 * message, mute (1 h, 24 h) or ban its author, lift a sanction — each with a
 * reason, which the audit log keeps (bff/backoffice/chat.go).
 */
export function ChatPage(_: ScreenProps) {
  const intl = useIntl();
  const [room, setRoom] = useState(FIRST_ROOM);
  const [before, setBefore] = useState<number | undefined>(undefined);
  const [notice, setNotice] = useState('');
  const list = useQuery(`chat:${room}:${before ?? ''}`, (signal) => backoffice.chatRoom(room, before, signal));
  const data = list.data;
  useRoomChanges(room, list.refetch);

  const sanction = async (player: { playerId: number; player: string }, action: ChatAction, reason: string, minutes?: number) => {
    await backoffice.chatSanction(player.playerId, action, reason, minutes);
    const done = { mute: m.chatMuted, ban: m.chatBanned, unban: m.chatLifted }[action];
    setNotice(intl.formatMessage(done, { player: player.player }));
    list.refetch();
  };
  const action = (label: typeof m.chatBan, what: string, variant: 'secondary' | 'danger', run: (reason: string) => Promise<void>) => (
    <ReasonAction label={<FormattedMessage {...label} />} ariaLabel={`${intl.formatMessage(label)} ${what}`} variant={variant} reasonRequired onConfirm={run} />
  );

  const messageColumns: Column<ChatMessage>[] = [
    { key: 'time', header: intl.formatMessage(m.colTime), render: (c) => shortTime(c.at) },
    { key: 'player', header: intl.formatMessage(m.colPlayer), render: (c) => `${c.player} (${c.name})` },
    { key: 'text', header: intl.formatMessage(m.colMessage), render: (c) => <span style={{ whiteSpace: 'normal' }}>{c.text}</span> },
    {
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (c) => (
        <Stack $row $wrap $gap={1}>
          {action(m.chatDelete, `${c.id}`, 'danger', async (reason) => {
            await backoffice.deleteChatMessage(c.id, reason);
            setNotice(intl.formatMessage(m.chatDeleted, { id: c.id }));
            list.refetch();
          })}
          {action(m.chatMuteHour, c.player, 'secondary', (reason) => sanction(c, 'mute', reason, 60))}
          {action(m.chatMuteDay, c.player, 'secondary', (reason) => sanction(c, 'mute', reason, 24 * 60))}
          {action(m.chatBan, c.player, 'danger', (reason) => sanction(c, 'ban', reason))}
        </Stack>
      ),
    },
  ];
  const sanctionColumns: Column<ChatSanction>[] = [
    { key: 'player', header: intl.formatMessage(m.colPlayer), render: (s) => s.player },
    { key: 'kind', header: intl.formatMessage(m.colSanction), render: (s) => intl.formatMessage(s.kind === 'ban' ? m.chatBanKind : m.chatMute) },
    { key: 'until', header: intl.formatMessage(m.colUntil), render: (s) => shortTime(s.until) || '—' },
    { key: 'reason', header: intl.formatMessage(m.colReason), render: (s) => <span style={{ whiteSpace: 'normal' }}>{s.reason}</span> },
    { key: 'actions', header: intl.formatMessage(m.colActions), render: (s) => action(m.chatLift, s.player, 'secondary', (reason) => sanction(s, 'unban', reason)) },
  ];
  const rooms = data?.rooms ?? [room];
  return (
    <section aria-label={intl.formatMessage(m.navChat)}>
      <Toolbar>
        <div style={{ maxWidth: 220 }}>
          <Select
            label={intl.formatMessage(m.chatRoom)}
            value={room}
            options={rooms.map((r) => ({ value: r, label: r }))}
            onChange={(e) => {
              setBefore(undefined);
              setRoom(e.target.value);
            }}
          />
        </div>
      </Toolbar>
      {notice && <Notice role="status">{notice}</Notice>}
      {list.error ? (
        <Failed onRetry={list.refetch} />
      ) : (
        <>
          <Table
            columns={messageColumns}
            rows={data?.messages}
            rowKey={(c) => String(c.id)}
            loading={list.loading && !data}
            empty={<FormattedMessage {...m.chatEmpty} />}
          />
          {data && data.messages.length >= 50 && (
            <Button variant="secondary" size="sm" onClick={() => setBefore(data.messages[data.messages.length - 1].id)} style={{ marginTop: 8 }}>
              <FormattedMessage {...m.older} />
            </Button>
          )}
          <SectionTitle style={{ marginTop: 24 }}>
            <FormattedMessage {...m.chatSanctions} />
          </SectionTitle>
          <Table
            columns={sanctionColumns}
            rows={data?.sanctions}
            rowKey={(s) => String(s.playerId)}
            loading={list.loading && !data}
            empty={<FormattedMessage {...m.chatSanctionsEmpty} />}
          />
        </>
      )}
    </section>
  );
}
