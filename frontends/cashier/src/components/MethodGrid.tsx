import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { EmptyState, Skeleton } from '@casino/ui';
import type { PaymentMethod } from '../api';
import { isFullWidth, visibleMethods, type CashierMode } from '../methods';
import { m } from '../messages';

const Grid = styled.div<{ $full: boolean }>`
  display: grid;
  /* Few methods stretch over the whole row (auto-fit); many keep a fixed tile size (auto-fill). */
  grid-template-columns: ${({ $full }) => ($full ? 'repeat(auto-fit, minmax(120px, 1fr))' : 'repeat(auto-fill, minmax(140px, 1fr))')};
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

export interface MethodGridProps {
  methods: PaymentMethod[];
  loading: boolean;
  selected: string | null;
  onSelect: (name: string) => void;
  mode?: CashierMode;
  /** Shown when no method is offered. */
  emptyText?: ReactNode;
}

/** Payment method tiles; full width when fewer than 5 are visible (SPEC section 9). */
export function MethodGrid({ methods, loading, selected, onSelect, mode = 'deposit', emptyText }: MethodGridProps) {
  const intl = useIntl();
  if (loading) return <Grid $full={false}>{Array.from({ length: 6 }, (_, i) => <Skeleton key={i} $height="88px" />)}</Grid>;
  const visible = visibleMethods(methods, mode);
  if (visible.length === 0)
    return <EmptyState icon={null} title={<FormattedMessage {...m.noMethodsTitle} />} description={emptyText ?? <FormattedMessage {...m.noMethodsText} />} />;
  return (
    <Grid $full={isFullWidth(visible.length)} data-full-width={isFullWidth(visible.length) || undefined} role="radiogroup" aria-label={intl.formatMessage(m.paymentMethods)}>
      {visible.map((x) => (
        <Method key={x.name} type="button" data-method={x.name} role="radio" aria-checked={selected === x.name} $selected={selected === x.name} onClick={() => onSelect(x.name)}>
          {(x.thumbnailUrl || x.thumbnail_url) && (
            // A missing logo leaves the title alone rather than a broken image.
            <img src={x.thumbnailUrl || x.thumbnail_url} alt="" onError={(e) => (e.currentTarget.style.display = 'none')} />
          )}
          <span>{x.title || x.name}</span>
        </Method>
      ))}
    </Grid>
  );
}
