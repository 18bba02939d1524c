import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@casino/ui';
import { m } from '../messages';
import type { Key } from './MyProfilePage';

/**
 * The details identity verification (KYC) checks against the documents. Once
 * filled they change only with onChangeResetKyc, which sends the
 * verification back to the start (bff/account/update.go identityFields).
 */
export const IDENTITY_KEYS: Key[] = ['firstName', 'lastName', 'dateOfBirth', 'countryCode', 'address', 'city', 'zipCode'];

/** Whether saving these values changes a filled identity field (and so resets KYC). */
export function resetsKyc(values: Record<Key, string>, initial: Record<Key, string>): boolean {
  return IDENTITY_KEYS.some((k) => initial[k] !== '' && values[k].trim() !== initial[k]);
}

const Box = styled.div`
  margin: ${({ theme }) => theme.space(4)} 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-inline-start-width: 4px;
  border-radius: ${({ theme }) => theme.radii.md};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.md};
    color: ${({ theme }) => theme.colors.warning};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

/**
 * Closed: a button that unlocks the identity fields. Open: the notice the
 * player reads before saving, that a change sends the verification back.
 */
export function IdentityNotice({ open, onOpen, onKeep }: { open: boolean; onOpen: () => void; onKeep: () => void }) {
  const intl = useIntl();
  if (!open) {
    return (
      <div style={{ margin: '16px 0' }}>
        <Button variant="secondary" onClick={onOpen} data-testid="identity-unlock">
          {intl.formatMessage(m.identityUnlock)}
        </Button>
      </div>
    );
  }
  return (
    <Box role="alert" data-testid="kyc-reset-notice">
      <h3>{intl.formatMessage(m.identityNoticeTitle)}</h3>
      <p>{intl.formatMessage(m.identityNotice)}</p>
      <Button variant="secondary" size="sm" onClick={onKeep}>
        {intl.formatMessage(m.identityKeep)}
      </Button>
    </Box>
  );
}
