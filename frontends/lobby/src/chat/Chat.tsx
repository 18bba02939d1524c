import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ApiError, isApiError, useModal, useSession } from '@casino/platform';
import { Button, Card, Muted, SectionTitle, Stack } from '@casino/ui';
import { m } from './messages';
import { saveChatSettings, sendMessage, useBigWins, useChatHistory, useChatSettings, useChatStream, type BigWin, type ChatMessage, type ChatSettings } from './api';
import { BigWins } from './BigWins';

const SHOWN_BIG_WINS = 5;

const Wrap = styled.section`
  max-width: 1200px;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(6)};
`;

const Lines = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: 280px;
  overflow-y: auto;
  overflow-wrap: anywhere;
  li {
    padding: ${({ theme }) => theme.space(1)} 0;
  }
`;

const Row = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  input {
    flex: 1;
    min-width: 0;
    padding: ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radii.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Toggles = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  border: 0;
  padding: 0;
  margin: 0;
`;

/** A short tone for a new message (the sound setting). */
function beep(): void {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    osc.frequency.value = 660;
    osc.connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.08);
  } catch {
    /* no audio: silent */
  }
}

function Settings({ value, onChange }: { value: ChatSettings; onChange: (s: ChatSettings) => void }) {
  const intl = useIntl();
  const toggle = (key: keyof ChatSettings, label: string) => (
    <label>
      <input type="checkbox" checked={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.checked })} /> {label}
    </label>
  );
  return (
    <Toggles aria-label={intl.formatMessage(m.chatSettings)}>
      {toggle('ghostMode', intl.formatMessage(m.chatGhost))}
      {toggle('sound', intl.formatMessage(m.chatSound))}
      {toggle('showBigWins', intl.formatMessage(m.chatBigWins))}
      {toggle('hideChat', intl.formatMessage(m.chatHide))}
    </Toggles>
  );
}

/** The public chat of the page's language: visitors read, players write. */
export function Chat() {
  const intl = useIntl();
  const room = (intl.locale || 'en').slice(0, 2);
  const { authenticated } = useSession();
  const { open } = useModal();
  const history = useChatHistory(room);
  const settingsQuery = useChatSettings(authenticated);
  const [settings, setSettings] = useState<ChatSettings | null>(null);
  const [lines, setLines] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const mine = useRef(new Set<number>());
  // The server streams a message before its sender's POST returns: the tone
  // waits for a send in flight, whose answer says whether the line is ours.
  const sending = useRef<Promise<unknown>>(Promise.resolve());
  // Visitors see big wins; a player chooses (the showBigWins setting).
  const showBigWins = !authenticated || settings?.showBigWins === true;
  const bigWinsQuery = useBigWins(showBigWins);
  const [bigWins, setBigWins] = useState<BigWin[]>([]);
  useEffect(() => setBigWins(bigWinsQuery.data?.wins ?? []), [bigWinsQuery.data]);
  useEffect(() => {
    // The history, and what the stream brought after its newest message.
    const fresh = history.data?.messages ?? [];
    const newest = fresh.reduce((n, l) => Math.max(n, l.id), 0);
    setLines((ls) => [...fresh, ...ls.filter((l) => l.id > newest)]);
  }, [history.data]);
  useEffect(() => setSettings(settingsQuery.data ?? null), [settingsQuery.data]);
  useEffect(() => {
    list.current?.scrollTo?.({ top: list.current.scrollHeight });
  }, [lines]);
  useChatStream(room, {
    message: (msg) => {
      setLines((ls) => (ls.some((l) => l.id === msg.id) ? ls : [...ls.slice(-199), msg]));
      if (settings?.sound) {
        void sending.current.then(() => {
          if (!mine.current.has(msg.id)) beep();
        });
      }
    },
    remove: (id) => setLines((ls) => ls.filter((l) => l.id !== id)),
    bigWin: (w) => setBigWins((ws) => (ws.some((x) => x.id === w.id) ? ws : [w, ...ws].slice(0, SHOWN_BIG_WINS))),
    // Back after a cut: read the history again, in case the cut outlasted
    // what the server keeps for a reconnect (60 s, 64 messages).
    reconnected: history.refetch,
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      const send = sendMessage(room, text);
      sending.current = send.catch(() => undefined);
      const sent = await send;
      mine.current.add(sent.id);
      setLines((ls) => (ls.some((l) => l.id === sent.id) ? ls : [...ls, sent]));
      setText('');
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.fields)[0] ?? err.message) : intl.formatMessage(m.chatFailed));
    }
  };
  const change = async (s: ChatSettings) => {
    setSettings(s);
    try {
      await saveChatSettings(s);
    } catch {
      setError(intl.formatMessage(m.chatFailed));
    }
  };
  const hidden = authenticated && settings?.hideChat;
  // A session the server keeps out of the chat (a self-excluded player's
  // withdraw-only session) reads, and is told why instead of getting an input.
  const refused = authenticated && isApiError(settingsQuery.error) && settingsQuery.error.status === 409 ? settingsQuery.error.message : '';
  return (
    <Wrap data-testid="chat">
      <Card>
        <Stack $gap={3}>
          <SectionTitle>{intl.formatMessage(m.chatTitle)}</SectionTitle>
          {authenticated && settings && <Settings value={settings} onChange={change} />}
          {!hidden && (
            <>
              {showBigWins && <BigWins wins={bigWins} />}
              <Lines ref={list} aria-live="polite" data-testid="chat-lines">
                {lines.length === 0 && <Muted as="li">{intl.formatMessage(m.chatEmpty)}</Muted>}
                {lines.map((l) => (
                  <li key={l.id} data-testid="chat-line">
                    <strong>{l.name}</strong>: {l.text}
                  </li>
                ))}
              </Lines>
              {refused ? (
                <Muted role="status" data-testid="chat-refused">
                  {refused}
                </Muted>
              ) : authenticated ? (
                <Row onSubmit={submit}>
                  <input aria-label={intl.formatMessage(m.chatInput)} value={text} maxLength={300} onChange={(e) => setText(e.target.value)} />
                  <Button type="submit" disabled={!text.trim()}>
                    {intl.formatMessage(m.chatSend)}
                  </Button>
                </Row>
              ) : (
                <div>
                  <Button variant="secondary" onClick={() => open('login')}>
                    {intl.formatMessage(m.chatLogin)}
                  </Button>
                </div>
              )}
              {error && <Muted role="alert">{error}</Muted>}
            </>
          )}
        </Stack>
      </Card>
    </Wrap>
  );
}
