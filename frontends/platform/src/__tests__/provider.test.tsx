import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useQuery } from '../hooks/useQuery';
import { PlatformProvider } from '../PlatformProvider';
import { jsonResponse, mockFetch, resetPlatform } from './helpers';

const theme = {} as never;
afterEach(cleanup);

describe('PlatformProvider', () => {
  beforeEach(() => resetPlatform());

  it('renders English defaults at once and the loaded catalogue after', async () => {
    document.documentElement.dataset.localeVersion = 'v1';
    mockFetch(() => jsonResponse(200, { 'x.hello': 'Hello from catalogue' }));
    render(
      <PlatformProvider theme={theme}>
        <FormattedMessage id="x.hello" defaultMessage="Hello" />
      </PlatformProvider>,
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(await screen.findByText('Hello from catalogue')).toBeTruthy();
  });

  it('waits for a non-English catalogue (fallback) and falls back to English defaults for missing ids', async () => {
    document.documentElement.lang = 'de';
    mockFetch(() => jsonResponse(200, { 'x.a': 'Eins' }));
    render(
      <PlatformProvider theme={theme} fallback={<p>loading</p>}>
        <FormattedMessage id="x.a" defaultMessage="One" /> <FormattedMessage id="x.b" defaultMessage="Two" />
      </PlatformProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await waitFor(() => expect(document.body.textContent).toContain('Eins Two'));
  });
});

describe('useQuery', () => {
  beforeEach(() => resetPlatform());

  function Probe({ id, enabled = true }: { id: string; enabled?: boolean }) {
    const q = useQuery(id, async () => `data:${id}`, { enabled });
    return <p>{q.loading ? 'loading' : q.error ? `error:${q.error.message}` : String(q.data ?? 'none')}</p>;
  }

  it('loads, re-keys and can be disabled', async () => {
    const { rerender } = render(<Probe id="a" />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('data:a')).toBeTruthy();
    rerender(<Probe id="b" />);
    expect(await screen.findByText('data:b')).toBeTruthy();
    rerender(<Probe id="b" enabled={false} />);
    expect(await screen.findByText('none')).toBeTruthy();
  });

  it('reports errors', async () => {
    function Failing() {
      const q = useQuery('f', () => Promise.reject(new Error('Not found')));
      return <p>{q.error ? q.error.message : 'pending'}</p>;
    }
    render(<Failing />);
    expect(await screen.findByText('Not found')).toBeTruthy();
  });
});
