import { useCallback } from 'react';
import { navigate } from '../navigation';
import { withQuery } from '../url';
import { useSearchParams } from './useLocation';

export interface ModalControl {
  /** The `modal` query parameter, or null. */
  modal: string | null;
  /** The `met` (payment method) query parameter, or null. */
  method: string | null;
  open: (modal: string, method?: string | null) => void;
  close: () => void;
}

/** Reads and writes the `modal` and `met` query parameters. */
export function useModal(): ModalControl {
  const params = useSearchParams();
  const open = useCallback((modal: string, method?: string | null) => {
    navigate(withQuery(window.location.pathname + window.location.search, { modal, met: method ?? null }));
  }, []);
  const close = useCallback(() => {
    navigate(withQuery(window.location.pathname + window.location.search, { modal: null, met: null }), { replace: true });
  }, []);
  return { modal: params.get('modal'), method: params.get('met'), open, close };
}
