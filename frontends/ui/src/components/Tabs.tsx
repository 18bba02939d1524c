import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: ${({ theme }) => theme.space(4)};
  overflow-x: auto;
`;

const Tab = styled.button<{ $active: boolean }>`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border: 0;
  border-bottom: 2px solid ${({ theme, $active }) => ($active ? theme.colors.primary : 'transparent')};
  background: transparent;
  color: ${({ theme, $active }) => ($active ? theme.colors.text : theme.colors.textMuted)};
  font: 600 ${({ theme }) => theme.font.size.md} ${({ theme }) => theme.font.family};
  cursor: pointer;
  white-space: nowrap;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

export interface TabsProps<K extends string> {
  items: TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  /** id prefix linking tabs to their panel (TabPanel gets `${idBase}-panel`). */
  idBase?: string;
}

/** WAI-ARIA tabs: arrow keys move between tabs, Home/End jump. */
export function Tabs<K extends string>({ items, active, onChange, label, idBase }: TabsProps<K>) {
  const generated = useId();
  const base = idBase ?? generated;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onChange(items[next].key);
    refs.current[next]?.focus();
  };
  return (
    <List role="tablist" aria-label={label}>
      {items.map((item, i) => (
        <Tab
          key={item.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`${base}-tab-${item.key}`}
          role="tab"
          type="button"
          aria-selected={item.key === active}
          aria-controls={`${base}-panel`}
          tabIndex={item.key === active ? 0 : -1}
          $active={item.key === active}
          onClick={() => onChange(item.key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {item.label}
        </Tab>
      ))}
    </List>
  );
}

export function TabPanel({ idBase, active, children }: { idBase: string; active: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idBase}-panel`} aria-labelledby={`${idBase}-tab-${active}`}>
      {children}
    </div>
  );
}
