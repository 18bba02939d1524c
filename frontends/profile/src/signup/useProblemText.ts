import { useIntl } from 'react-intl';
import { m } from '../messages';
import type { Problem } from './rules';

/** Turns a rule problem into its translated message. */
export function useProblemText(): (p?: Problem | null) => string | undefined {
  const intl = useIntl();
  return (p) => (p ? intl.formatMessage(m[p.key], p.values) : undefined);
}
