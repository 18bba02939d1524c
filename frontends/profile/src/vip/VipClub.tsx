import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import { formatMoney, parseAmount } from '@casino/platform';
import { Card, ErrorState, Muted, SectionTitle, Skeleton, Stack, Table, useToast, type Column } from '@casino/ui';
import { m } from '../messages';
import { useLevelUp, useVipClub, type VipLevel } from './api';

const Bar = styled.div`
  height: 10px;
  border-radius: 5px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  overflow: hidden;
`;

const Fill = styled.div<{ $pct: number }>`
  width: ${({ $pct }) => $pct}%;
  height: 100%;
  background: ${({ theme }) => theme.colors.accent};
  transition: width 0.4s ease;
`;

const Benefits = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dd {
    margin: 0;
    text-align: end;
    font-weight: 600;
  }
`;

const Level = styled.strong`
  font-size: ${({ theme }) => theme.font.size.xl};
`;

function limit(intl: IntlShape, l: VipLevel): string {
  const minor = l.withdrawalLimit == null ? null : parseAmount(l.withdrawalLimit);
  return minor == null ? intl.formatMessage(m.vipNoLimit) : formatMoney(minor, l.withdrawalLimitCurrency);
}


/** The player's VIP level, progress to the next, benefits and the level table. */
export function VipClub() {
  const intl = useIntl();
  const toast = useToast();
  const { data, error, loading, refetch } = useVipClub();
  useLevelUp((e) => {
    toast.show(intl.formatMessage(m.vipLevelUp, { name: e.name }), 'success', 10_000);
    refetch();
  });
  if (error && !data) return <ErrorState message={intl.formatMessage(m.vipLoadFailed)} onRetry={refetch} />;
  if (loading && !data) return <Skeleton style={{ height: 160 }} />;
  if (!data) return null;
  const { level, next, points, progress } = data;
  // A display figure, not money: the locale's percent format ("2.5%").
  const percent = (p: string) => intl.formatNumber(Number(p) / 100, { style: 'percent', maximumFractionDigits: 2 });
  const yesNo = (b: boolean) => intl.formatMessage(b ? m.vipYes : m.vipNo);
  const columns: Column<VipLevel>[] = [
    { key: 'name', header: intl.formatMessage(m.vipColLevel), render: (l) => l.name },
    { key: 'points', header: intl.formatMessage(m.vipColPoints), render: (l) => intl.formatNumber(l.minPoints), align: 'right' },
    { key: 'rakeback', header: intl.formatMessage(m.vipRakeback), render: (l) => percent(l.rakebackPercent), align: 'right' },
    { key: 'cashback', header: intl.formatMessage(m.vipCashback), render: (l) => percent(l.cashbackPercent), align: 'right' },
    { key: 'limit', header: intl.formatMessage(m.vipWithdrawalLimit), render: (l) => limit(intl, l), align: 'right' },
    { key: 'manager', header: intl.formatMessage(m.vipManager), render: (l) => yesNo(l.personalManager) },
  ];
  return (
    <Stack $gap={4} data-testid="vip-club">
      <Card>
        <Stack $gap={3}>
          <Level data-testid="vip-level">{intl.formatMessage(m.vipLevel, { level: level.name })}</Level>
          <span data-testid="vip-points">{intl.formatMessage(m.vipPoints, { points })}</span>
          <Bar role="progressbar" aria-label={intl.formatMessage(m.vipProgress)} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <Fill $pct={Math.min(100, Math.max(0, progress))} />
          </Bar>
          <Muted data-testid="vip-next">
            {next ? intl.formatMessage(m.vipNext, { points: Math.max(0, next.minPoints - points), name: next.name }) : intl.formatMessage(m.vipTop)}
          </Muted>
        </Stack>
      </Card>
      <Card>
        <SectionTitle>{intl.formatMessage(m.vipBenefits)}</SectionTitle>
        <Benefits data-testid="vip-benefits">
          <dt>{intl.formatMessage(m.vipRakeback)}</dt>
          <dd>{percent(level.rakebackPercent)}</dd>
          <dt>{intl.formatMessage(m.vipCashback)}</dt>
          <dd>{percent(level.cashbackPercent)}</dd>
          <dt>{intl.formatMessage(m.vipWithdrawalLimit)}</dt>
          <dd>{limit(intl, level)}</dd>
          <dt>{intl.formatMessage(m.vipManager)}</dt>
          <dd>{yesNo(level.personalManager)}</dd>
        </Benefits>
      </Card>
      <Muted>{intl.formatMessage(m.vipHowTo)}</Muted>
      <SectionTitle>{intl.formatMessage(m.vipLevels)}</SectionTitle>
      <Table columns={columns} rows={data.levels} rowKey={(l) => String(l.level)} />
    </Stack>
  );
}
