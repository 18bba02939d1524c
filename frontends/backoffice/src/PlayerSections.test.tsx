import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformProvider } from '@casino/platform';
import { darkTheme } from '@casino/ui';
import { screensFor } from './Backoffice';
import { PlayerSections } from './pages/PlayerSections';
import type { Member, Player } from './api';

const player = {
  id: 7,
  email: 'ada@example.com',
  currency: 'EUR',
  sessions: [{ id: 'abc', createdAt: '2026-11-26T10:00:00.000Z', lastSeenAt: '2026-11-26T11:00:00.000Z', expiresAt: '', ip: '10.0.0.1', userAgent: 'Firefox' }],
  rounds: [
    { id: 1, provider: 'studio', roundId: 'sr-1', game: 'gems', currency: 'EUR', bet: '1.00', bonusBet: '0.00', win: '0.00', status: 'closed', startedAt: '2026-11-26T10:00:00.000Z', recall: '/studio/rounds/sr-1?staff=x' },
  ],
  protection: {
    limits: (['deposit', 'loss', 'bet'] as const).flatMap((type) => (['daily', 'weekly', 'monthly'] as const).map((period) => ({ type, period, amount: type === 'bet' && period === 'daily' ? '50.00' : '' }))),
    highLoyalty: true,
    frozen: null,
    selfFrozenUntil: '',
  },
} as unknown as Player;

const as = (permissions: string[]) => ({ id: 1, email: 's@x', role: 'support', permissions }) as unknown as Member;

function renderFor(member: Member) {
  return render(
    <PlatformProvider theme={darkTheme} messages={{}}>
      <PlayerSections player={player} member={member} onChanged={() => {}} />
    </PlatformProvider>,
  );
}

describe('player page sections', () => {
  afterEach(cleanup);

  it("support changes bet limits and ends sessions, but does not freeze; the round links to the signed recall", () => {
    renderFor(as(['players.read', 'players.limits', 'players.sessions']));
    expect(screen.getAllByRole('button', { name: /^Change / })).toHaveLength(3);
    expect(screen.getByRole('button', { name: /^End 10\.0\.0\.1/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Freeze account' })).toBeNull();
    expect(screen.getByText('Account active')).toBeTruthy();
    expect(screen.getByText('VIP level: only support raises the bet limit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Recall sr-1' }).getAttribute('href')).toBe('/studio/rounds/sr-1?staff=x');
  });

  it('compliance freezes but changes no limit', () => {
    renderFor(as(['players.read', 'players.freeze']));
    expect(screen.getByRole('button', { name: 'Freeze account' })).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Change / })).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^End / })).toBeNull();
  });

  it('opens the new screens to the roles holding them', () => {
    const paths = (permissions: string[]) => screensFor({ permissions } as never).map((s) => s.path);
    expect(paths(['bonuses.read', 'providers.read', 'staff.read'])).toEqual(['bonuses', 'providers', 'staff']);
  });
});
