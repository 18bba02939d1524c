import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { uiMessages } from '../messages';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: ReactNode;
}

interface ToastApi {
  show: (message: ReactNode, tone?: ToastTone, durationMs?: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const Region = styled.div`
  position: fixed;
  inset-inline-end: ${({ theme }) => theme.space(4)};
  bottom: ${({ theme }) => theme.space(4)};
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  max-width: min(360px, calc(100vw - 32px));
`;

const Item = styled.div<{ $tone: ToastTone }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  border-inline-start: 4px solid
    ${({ theme, $tone }) => ({ info: theme.colors.accent, success: theme.colors.success, error: theme.colors.danger })[$tone]};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const Dismiss = styled.button`
  margin-inline-start: auto;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;

/** Provides `useToast()`; renders the live region the toasts appear in. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setItems((xs) => xs.filter((x) => x.id !== id));
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const show = useCallback(
    (message: ReactNode, tone: ToastTone = 'info', durationMs = 5000) => {
      const id = nextId.current++;
      setItems((xs) => [...xs, { id, tone, message }]);
      timers.current.set(id, setTimeout(() => dismiss(id), durationMs));
    },
    [dismiss],
  );

  useEffect(() => {
    const map = timers.current;
    return () => map.forEach((t) => clearTimeout(t));
  }, []);

  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Region role="region" aria-live="polite" aria-label={intl.formatMessage(uiMessages.notifications)}>
        {items.map((t) => (
          <Item key={t.id} $tone={t.tone} role={t.tone === 'error' ? 'alert' : 'status'}>
            <span>{t.message}</span>
            <Dismiss type="button" aria-label={intl.formatMessage(uiMessages.dismiss)} onClick={() => dismiss(t.id)}>
              ×
            </Dismiss>
          </Item>
        ))}
      </Region>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast() needs a <ToastProvider> above it');
  return ctx;
}
