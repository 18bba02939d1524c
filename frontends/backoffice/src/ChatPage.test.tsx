import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformProvider } from '@casino/platform';
import { darkTheme } from '@casino/ui';
import { ChatPage } from './pages/ChatPage';
import type { Member } from './api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const member = { id: 1, email: 's@x', role: 'support', permissions: ['chat.moderate'] } as unknown as Member;
const room = {
  rooms: ['en', 'de'],
  messages: [{ id: 41, room: 'en', name: 'Ada', text: 'buy my course', at: '2026-11-27T10:00:00.000Z', playerId: 7, player: 'ada@example.com' }],
  sanctions: [{ playerId: 9, player: 'bob@example.com', kind: 'ban', reason: 'threats' }],
};

describe('chat moderation', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists a room with its authors and deletes a message with a reason', async () => {
    const calls: [string, string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push([init.method ?? 'GET', url, init.body ? JSON.parse(String(init.body)) : undefined]);
        return json(200, { data: init.method === 'POST' ? { ok: true } : room });
      }),
    );
    render(
      <PlatformProvider theme={darkTheme} messages={{}}>
        <ChatPage member={member} />
      </PlatformProvider>,
    );
    await screen.findByText('ada@example.com (Ada)');
    expect(screen.getByText('buy my course')).toBeTruthy();
    expect(screen.getByText('bob@example.com')).toBeTruthy();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['en', 'de']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete 41' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toBeTruthy(); // a reason is required
    fireEvent.change(screen.getByPlaceholderText('Reason'), { target: { value: 'advertising' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Message 41 deleted.');
    expect(calls.find(([method]) => method === 'POST')).toEqual(['POST', expect.stringMatching(/\/api\/backoffice\/chat\/messages\/41\/delete$/), { reason: 'advertising' }]);
    await waitFor(() => expect(calls.filter(([method]) => method === 'GET').length).toBeGreaterThan(1)); // read again
  });
});
