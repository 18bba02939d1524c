import { lazy, Suspense, type CSSProperties } from 'react';
import { useSession } from '@casino/platform';

// Players only, in its own chunk: visitors (most first loads of /casino)
// never download it, and the first-load budget stays as it was.
const PulsePanel = lazy(() => import(/* webpackChunkName: "pulse" */ './PulsePanel').then((x) => ({ default: x.PulsePanel })));

export const PULSE_HEIGHT = 132;

/** The Game Pulse panel for a logged-in player; nothing for visitors. */
export function GamePulse({ style }: { style?: CSSProperties }) {
  const { authenticated } = useSession();
  if (!authenticated) return null;
  // The reserved height holds the place while the chunk loads: nothing below moves.
  return (
    <div style={{ ...style, height: PULSE_HEIGHT, minWidth: 0 }}>
      <Suspense fallback={null}>
        <PulsePanel />
      </Suspense>
    </div>
  );
}
