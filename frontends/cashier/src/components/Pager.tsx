import { useIntl } from 'react-intl';
import { Button, Muted, Stack } from '@casino/ui';
import { m } from '../account/messages';

/** Previous / next paging of a history table (20 rows a page). */
export function Pager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage(m.pagination)}>
      <Stack $row $gap={3} $align="center" $justify="center" style={{ marginTop: 16 }}>
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          {intl.formatMessage(m.prevPage)}
        </Button>
        <Muted aria-live="polite">{intl.formatMessage(m.pageOf, { page, pages })}</Muted>
        <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onChange(page + 1)}>
          {intl.formatMessage(m.nextPage)}
        </Button>
      </Stack>
    </nav>
  );
}
