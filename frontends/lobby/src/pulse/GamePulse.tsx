import { lazy, Suspense, type CSSProperties } from 'react';
import { useSession } from '@casino/platform';

// Players only, in its own chunk: visitors (most first loads of /casino)
// never download it, and the first-load budget stays as it was.
const PulsePanel = lazy(() => import(/* webpackChunkName: "pulse" */ './PulsePanel').then((x) => ({ default: x.PulsePanel })));

export const PULSE_HEIGHT = 132;

/** The Game Pulse panel for a logged-in player; nothing for visitors. */
export function GamePulse({ style, className }: { style?: CSSProperties; className?: string }) {
  const { authenticated } = useSession();
  if (!authenticated) return null;
  // The reserved height holds the place while the chunk loads: nothing below
  // moves. With a className (the lobby's .lobby-pulse, which the server also
  // renders for a logged-in player) the stylesheet sets it.
  return (
    <div className={className} style={className ? style : { ...style, height: PULSE_HEIGHT, minWidth: 0 }}>
      <Suspense fallback={null}>
        <PulsePanel />
      </Suspense>
    </div>
  );
}
