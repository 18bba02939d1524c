import { useIntl } from 'react-intl';
import type { Category } from '../api';
import { m } from '../messages';

export interface CategoryBarProps {
  categories: Category[];
  active: string | undefined;
  loading: boolean;
}

/**
 * Horizontal category chips (the shell's `.lobby-cats`, the same markup the
 * server renders); each is a link the shell routes client-side.
 */
export function CategoryBar({ categories, active, loading }: CategoryBarProps) {
  const intl = useIntl();
  return (
    <nav className="lobby-cats" aria-label={intl.formatMessage(m.categories)}>
      <a className="lobby-cat" href="/casino" aria-current={!active ? 'page' : undefined}>
        {intl.formatMessage(m.allGames)}
      </a>
      {loading && Array.from({ length: 6 }, (_, i) => <span key={i} className="lobby-cat lobby-cat-sk sk-chip" aria-hidden="true" />)}
      {categories.map((c) => (
        <a key={c.id} className="lobby-cat" href={`/casino/${encodeURIComponent(c.slug)}`} aria-current={c.slug === active ? 'page' : undefined}>
          {c.name}
        </a>
      ))}
    </nav>
  );
}
