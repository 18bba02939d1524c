import { useEffect, useRef } from 'react';
import { post, put, useApi, type QueryState } from '@casino/platform';

/** The chat (bff/chat, docs/chat.md): history, posting, settings and each room's public stream. */
export const CHAT_API = {
  history: (room: string) => `/api/core/casino/chat/${encodeURIComponent(room)}/messages`,
  post: (room: string) => `/api/user/chat/${encodeURIComponent(room)}/messages`,
  settings: '/api/user/chat-settings',
  events: (room: string) => `/chat/${encodeURIComponent(room)}/events`,
  bigWins: '/api/core/casino/big-wins',
} as const;

/** A line of the big-wins feed (bff/bigwins): the name is the public one ("Ghost" in ghost mode). */
export interface BigWin {
  id: number;
  name: string;
  gameId: string;
  gameName: string;
  currencyCode: string;
  /** Decimal string in the currency ("51.00", "0.00040000"). */
  amount: string;
  /** Win ÷ stake, one decimal ("25.5"). */
  multiplier: string;
  at: string;
}

export function useBigWins(enabled: boolean): QueryState<{ wins: BigWin[] }> {
  return useApi<{ wins: BigWin[] }>(CHAT_API.bigWins, { query: { limit: 5 }, enabled });
}

export interface ChatMessage {
  id: number;
  room: string;
  name: string;
  /** Plain text: rendered as text, never as HTML. */
  text: string;
  at: string;
}

export interface ChatSettings {
  ghostMode: boolean;
  sound: boolean;
  showBigWins: boolean;
  hideChat: boolean;
}

export function useChatHistory(room: string): QueryState<{ messages: ChatMessage[] }> {
  return useApi<{ messages: ChatMessage[] }>(CHAT_API.history(room), { query: { limit: 50 } });
}

export function useChatSettings(enabled: boolean): QueryState<ChatSettings> {
  return useApi<ChatSettings>(CHAT_API.settings, { auth: true, enabled });
}

export const sendMessage = (room: string, text: string) => post<ChatMessage>(CHAT_API.post(room), { text });
export const saveChatSettings = (s: ChatSettings) => put<ChatSettings>(CHAT_API.settings, s);

/**
 * New and deleted messages of a room, and the big wins, while mounted;
 * reconnected after the stream was down (the server replays what it still
 * keeps, but a page back after a long cut may have missed more).
 */
export function useChatStream(
  room: string,
  on: { message: (m: ChatMessage) => void; remove: (id: number) => void; bigWin: (w: BigWin) => void; reconnected: () => void },
): void {
  const ref = useRef(on);
  ref.current = on;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const es = new EventSource(CHAT_API.events(room));
    const parse = (ev: Event) => {
      try {
        return JSON.parse((ev as MessageEvent).data as string);
      } catch {
        return null;
      }
    };
    es.addEventListener('message', (ev) => {
      const m = parse(ev) as ChatMessage | null;
      if (m) ref.current.message(m);
    });
    es.addEventListener('bigWin', (ev) => {
      const w = parse(ev) as BigWin | null;
      if (w) ref.current.bigWin(w);
    });
    es.addEventListener('delete', (ev) => {
      const d = parse(ev) as { id: number } | null;
      if (d) ref.current.remove(d.id);
    });
    let dropped = false;
    es.addEventListener('error', () => {
      dropped = true;
    });
    es.addEventListener('open', () => {
      if (dropped) ref.current.reconnected();
      dropped = false;
    });
    return () => es.close();
  }, [room]);
}
