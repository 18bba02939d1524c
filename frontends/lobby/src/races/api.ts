import { useEffect, useRef } from 'react';
import { useApi, type QueryState } from '@casino/platform';

/** Races (bff/races, docs/races.md): the list, and each race's public leaderboard stream. */
export const RACES_API = {
  list: '/api/core/casino/races',
  events: (id: string) => `/races/${encodeURIComponent(id)}/events`,
} as const;

export interface RaceEntry {
  place: number;
  name: string;
  /** EUR staked or the multiplier, two decimals. */
  score: string;
  rounds: number;
}

export interface RaceStanding {
  place: number;
  score: string;
  rounds: number;
  staked: string;
  best: string;
}

export interface Race {
  id: string;
  name: string;
  metric: 'stakes' | 'multiplier';
  status: 'upcoming' | 'running' | 'ended';
  startsAt: string;
  endsAt: string;
  games: string[];
  minStake: string;
  prizes: { place: number; amount: string; currency: string }[];
  paid: boolean;
  leaderboard: RaceEntry[];
  me: RaceStanding | null;
}

export function useRaces(): QueryState<{ races: Race[] }> {
  return useApi<{ races: Race[] }>(RACES_API.list, { refreshMs: 30_000 });
}

/** Calls onBoard with each new top list of a running race while mounted. */
export function useLeaderboardStream(id: string, enabled: boolean, onBoard: (top: RaceEntry[]) => void): void {
  const ref = useRef(onBoard);
  ref.current = onBoard;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    const es = new EventSource(RACES_API.events(id));
    es.addEventListener('leaderboard', (ev) => {
      try {
        const data = JSON.parse((ev as MessageEvent).data as string) as { leaderboard: RaceEntry[] };
        ref.current(data.leaderboard ?? []);
      } catch {
        console.warn('[lobby] race event is not JSON', id);
      }
    });
    return () => es.close();
  }, [id, enabled]);
}
