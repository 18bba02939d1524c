import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Skeleton } from '@casino/ui';
import type { Category } from '../api';
import { m } from '../messages';

const Bar = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  overflow-x: auto;
  padding-bottom: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  scrollbar-width: thin;
`;

const Chip = styled.a<{ $active: boolean }>`
  flex: 0 0 auto;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $active }) => ($active ? theme.colors.primaryText : theme.colors.text)};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
`;

export interface CategoryBarProps {
  categories: Category[];
  active: string | undefined;
  loading: boolean;
}

/** Horizontal category chips; each is a link the shell routes client-side. */
export function CategoryBar({ categories, active, loading }: CategoryBarProps) {
  const intl = useIntl();
  return (
    <Bar aria-label={intl.formatMessage(m.categories)}>
      <Chip href="/casino" $active={!active} aria-current={!active ? 'page' : undefined}>
        {intl.formatMessage(m.allGames)}
      </Chip>
      {loading && Array.from({ length: 6 }, (_, i) => <Skeleton key={i} $width="96px" $height="38px" $radius="999px" />)}
      {categories.map((c) => (
        <Chip key={c.id} href={`/casino/${encodeURIComponent(c.slug)}`} $active={c.slug === active} aria-current={c.slug === active ? 'page' : undefined}>
          {c.name}
        </Chip>
      ))}
    </Bar>
  );
}
