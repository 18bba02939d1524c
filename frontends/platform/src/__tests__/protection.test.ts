import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { get } from '../api';
import { SESSION_ENDED_EVENT } from '../constants';
import { __resetProtectionForTests, endSession } from '../protection';
import { getSession, setToken } from '../session';
import { jsonResponse, mockFetch, resetPlatform } from './helpers';

describe('time controls (protection.ts)', () => {
  beforeEach(() => {
    resetPlatform('/casino?x=1');
    __resetProtectionForTests();
  });
  afterEach(() => vi.useRealTimers());

  it('a 401 SESSION_LIMIT_REACHED announces the end of the session instead of the log-in', async () => {
    setToken('tok');
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(SESSION_ENDED_EVENT, listener);
    mockFetch(() => jsonResponse(401, { error: { code: 'SESSION_LIMIT_REACHED', message: 'Your session time limit has been reached. You have been logged out.' } }));
    await expect(get('/api/user/get-user-details')).rejects.toMatchObject({ status: 401, code: 'SESSION_LIMIT_REACHED' });
    window.removeEventListener(SESSION_ENDED_EVENT, listener);
    expect(seen).toEqual([{ reason: 'sessionLimit' }]);
  });

  it('endSession forgets the session and opens the session-ended modal with the reason, once', () => {
    setToken('tok');
    endSession('selfExcluded', '2026-11-27T10:00:00Z');
    endSession('sessionLimit');
    expect(getSession().token).toBeNull();
    const q = new URL(window.location.href).searchParams;
    expect([q.get('modal'), q.get('reason'), q.get('until'), q.get('x')]).toEqual(['session-ended', 'selfExcluded', '2026-11-27T10:00:00Z', '1']);
  });
});
