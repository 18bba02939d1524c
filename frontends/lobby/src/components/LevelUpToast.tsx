import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { subscribeRealtime, useSession } from '@casino/platform';
import { useToast } from '@casino/ui';
import { m } from '../pages/messages';

/**
 * The VIP club's level-up (bff/loyalty's realtime levelUp) as a toast on the
 * lobby's pages. Guarded: a page whose first-loaded @casino/platform predates
 * the event simply shows no toast.
 */
export function LevelUpToast() {
  const intl = useIntl();
  const toast = useToast();
  const { authenticated } = useSession();
  const show = useRef((name: string) => toast.show(intl.formatMessage(m.levelUp, { name }), 'success', 10_000));
  show.current = (name: string) => toast.show(intl.formatMessage(m.levelUp, { name }), 'success', 10_000);
  useEffect(() => {
    if (!authenticated) return undefined;
    try {
      return subscribeRealtime('levelUp', (e) => show.current(e.name));
    } catch {
      return undefined;
    }
  }, [authenticated]);
  return null;
}
