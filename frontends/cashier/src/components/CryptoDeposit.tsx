import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button, ErrorState, Muted, Select, Skeleton, Stack, useToast } from '@casino/ui';
import { useCryptoAddress, type PaymentMethod } from '../api';
import { m } from './messages';
import { showMoney } from '../money';
import { QrCode } from './QrCode';

const Address = styled.code`
  display: block;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  word-break: break-all;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Layout = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  align-items: flex-start;
  ${({ theme }) => theme.media.mobile} {
    flex-direction: column;
    align-items: center;
  }
`;

/** The player's own deposit address on the chosen network, with copy and QR code. */
export function CryptoDeposit({ method, currency }: { method: PaymentMethod; currency: string }) {
  const intl = useIntl();
  const toast = useToast();
  const networks = method.networks ?? [];
  const [network, setNetwork] = useState(networks.length === 1 ? networks[0] : '');
  const address = useCryptoAddress(network || undefined);

  const copy = async () => {
    const text = address.data?.address;
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      toast.show(intl.formatMessage(m.cryptoCopied), 'success');
    } catch {
      toast.show(intl.formatMessage(m.cryptoCopyFailed), 'error');
    }
  };

  return (
    <Stack $gap={3} data-testid="crypto-deposit">
      <Select
        label={intl.formatMessage(m.cryptoNetwork)}
        value={network}
        onChange={(e) => setNetwork(e.target.value)}
        options={[{ value: '', label: intl.formatMessage(m.cryptoSelectNetwork) }, ...networks.map((n) => ({ value: n, label: n }))]}
      />
      {network && address.error && <ErrorState message={address.error.message} onRetry={address.refetch} />}
      {network && !address.error && (
        <Layout>
          {address.data ? (
            <QrCode text={address.data.address} label={intl.formatMessage(m.cryptoQr)} />
          ) : (
            <Skeleton $width="176px" $height="176px" />
          )}
          <Stack $gap={3} style={{ flex: 1, minWidth: 0, width: '100%' }}>
            <strong>{intl.formatMessage(m.cryptoDepositTitle)}</strong>
            {address.data ? <Address data-testid="crypto-address">{address.data.address}</Address> : <Skeleton $height="44px" />}
            <Muted>
              {intl.formatMessage(m.cryptoAddressHint, {
                currency: address.data?.currencyCode ?? method.currencyCode ?? currency,
                network,
                confirmations: address.data?.confirmations ?? '…',
              })}
            </Muted>
            {address.data?.minAmount && (
              <Muted>{intl.formatMessage(m.cryptoMin, { amount: showMoney(address.data.minAmount, address.data.currencyCode ?? currency, 8) })}</Muted>
            )}
            <Button variant="secondary" onClick={copy} disabled={!address.data}>
              {intl.formatMessage(m.cryptoCopy)}
            </Button>
          </Stack>
        </Layout>
      )}
    </Stack>
  );
}
