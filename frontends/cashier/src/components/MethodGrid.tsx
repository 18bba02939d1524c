import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { EmptyState, Skeleton } from '@casino/ui';
import type { PaymentMethod } from '../api';
import { m } from '../messages';

const Grid = styled.div<{ $full: boolean }>`
  display: grid;
  grid-template-columns: ${({ $full }) => ($full ? '1fr' : 'repeat(auto-fill, minmax(140px, 1fr))')};
  gap: ${({ theme }) => theme.space(3)};
`;

const Method = styled.button<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 88px;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  img {
    max-height: 32px;
    max-width: 100%;
  }
`;

/** Visible methods (hidden ones dropped), in their configured order. */
export function visibleMethods(methods: PaymentMethod[]): PaymentMethod[] {
  return methods.filter((x) => !x.hidden && x.isActive !== false).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

export interface MethodGridProps {
  methods: PaymentMethod[];
  loading: boolean;
  selected: string | null;
  onSelect: (name: string) => void;
}

/** Payment method tiles; full width when fewer than 5 are visible (SPEC section 9). */
export function MethodGrid({ methods, loading, selected, onSelect }: MethodGridProps) {
  const intl = useIntl();
  if (loading) return <Grid $full={false}>{Array.from({ length: 6 }, (_, i) => <Skeleton key={i} $height="88px" />)}</Grid>;
  const visible = visibleMethods(methods);
  if (visible.length === 0)
    return <EmptyState icon="💳" title={<FormattedMessage {...m.noMethodsTitle} />} description={<FormattedMessage {...m.noMethodsText} />} />;
  return (
    <Grid $full={visible.length < 5} role="radiogroup" aria-label={intl.formatMessage(m.paymentMethods)}>
      {visible.map((x) => (
        <Method key={x.name} type="button" role="radio" aria-checked={selected === x.name} $selected={selected === x.name} onClick={() => onSelect(x.name)}>
          {(x.thumbnailUrl || x.thumbnail_url) && <img src={x.thumbnailUrl || x.thumbnail_url} alt="" />}
          <span>{x.title || x.name}</span>
        </Method>
      ))}
    </Grid>
  );
}
