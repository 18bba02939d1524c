import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Input, Select, VisuallyHidden } from '@casino/ui';
import { SORT_OPTIONS, type SortOption } from '../api';
import { m } from '../messages';

const SORT_LABELS = {
  sort: m.sortPopular,
  releaseDate: m.sortReleaseDate,
  name: m.sortName,
  returnToPlayer: m.sortRtp,
  maxMultiplier: m.sortMaxMultiplier,
  minBet: m.sortMinBet,
  maxBet: m.sortMaxBet,
} as const;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 220px;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: 1fr;
  }
  & > * {
    margin-bottom: 0;
  }
`;

const SEARCH_DEBOUNCE_MS = 300;

export interface SearchSortProps {
  search: string;
  sort: SortOption;
  onSearch: (value: string) => void;
  onSort: (value: SortOption) => void;
}

export function SearchSort({ search, sort, onSearch, onSort }: SearchSortProps) {
  const intl = useIntl();
  const [text, setText] = useState(search);
  useEffect(() => {
    if (text === search) return undefined;
    const id = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text, search, onSearch]);

  return (
    <Row role="search">
      <label>
        <VisuallyHidden>{intl.formatMessage(m.search)}</VisuallyHidden>
        <Input type="search" value={text} placeholder={intl.formatMessage(m.searchPlaceholder)} onChange={(e) => setText(e.target.value)} />
      </label>
      <Select
        label={intl.formatMessage(m.sortLabel)}
        hideLabel
        value={sort}
        onChange={(e) => onSort(e.target.value as SortOption)}
        options={SORT_OPTIONS.map((value) => ({ value, label: intl.formatMessage(SORT_LABELS[value]) }))}
      />
    </Row>
  );
}
